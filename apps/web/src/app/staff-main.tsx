import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setHostSubdomain } from '../lib/host-subdomain';
import { Providers } from './providers';
import { createAppRouter, createShopHostRouter } from './router';
import '../styles.css';

/** The staff app (and, on a company's subdomain, its printable pages): Ant Design, the router, the session. */
export function startStaff(host: string | null) {
  setHostSubdomain(host);
  const router = host ? createShopHostRouter() : createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
