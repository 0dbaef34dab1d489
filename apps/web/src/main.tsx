import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setHostSubdomain } from './features/customer-app/shop-context';
import { Providers } from './app/providers';
import { createAppRouter, createShopHostRouter } from './app/router';
import { detectShopHost } from './app/shop-host';
import { needsCacheClear } from './app/version-gate';
import './styles.css';

async function start() {
  const shop = await detectShopHost();
  setHostSubdomain(shop);
  const router = shop ? createShopHostRouter() : createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

if (needsCacheClear() && window.location.pathname !== '/cache/clear') {
  window.location.replace('/cache/clear');
} else {
  void start();
}
