/**
 * Tests: a form on a page of the signed-in layout (its one router blocker, UnsavedChangesGuard),
 * beside a link that leaves the page, with the query cache filled by `seed`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { UnsavedChangesGuard } from './unsaved-changes';

export function renderOnPage(page: ReactNode, seed: (qc: QueryClient) => void = () => {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seed(qc);
  const router = createMemoryRouter(
    [
      {
        element: (
          <QueryClientProvider client={qc}>
            <App>
              <UnsavedChangesGuard>
                <Link to="/other">Other page</Link>
                <Outlet />
              </UnsavedChangesGuard>
            </App>
          </QueryClientProvider>
        ),
        children: [
          { path: '/form', element: page },
          { path: '/other', element: <h1>Other</h1> },
        ],
      },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Follows the page's link away (the navigation the guard may stop). */
export const leavePage = () => fireEvent.click(screen.getByRole('link', { name: 'Other page' }));
