import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { needsCacheClear } from './app/version-gate';
import './styles.css';

if (needsCacheClear() && window.location.pathname !== '/cache/clear') {
  window.location.replace('/cache/clear');
} else {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
