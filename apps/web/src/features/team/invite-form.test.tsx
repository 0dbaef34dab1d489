import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { stubBrowserApis } from '../../lib/test-dom';
import { LEAVE_MSG, UnsavedChangesGuard } from '../../lib/unsaved-changes';
import { StatementEmailDialog } from '../receivables/statement-email-dialog';
import { DestroyTool } from '../stamps/destroy-tool';
import { InviteForm } from './invite-form';

beforeAll(stubBrowserApis);
afterEach(cleanup);

/** The form on a page of the signed-in layout (its one router blocker), with a link away. */
function renderPage(page: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(queryKeys.stamps.rolls, []);
  qc.setQueryData(queryKeys.customers.one(7), { id: 7, contact_email: 'buyer@bar.example' });
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

const leave = () => fireEvent.click(screen.getByRole('link', { name: 'Other page' }));

describe('small forms ask before unsaved input is lost (issue 30)', () => {
  it('the team invite: a clean form leaves at once, a typed name asks first', async () => {
    const router = renderPage(<InviteForm />);
    leave();
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeTruthy();

    await router.navigate('/form');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Dana Ortiz' } });
    leave();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(LEAVE_MSG.title);
    fireEvent.click(screen.getByRole('button', { name: LEAVE_MSG.stay }));
    expect(router.state.location.pathname).toBe('/form');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Dana Ortiz');
  }, 60_000);

  it('the destroy tool: a range typed and not destroyed asks first', async () => {
    const router = renderPage(<DestroyTool open onClose={() => {}} onDone={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Stamp Start'), { target: { value: '1001' } });
    leave();
    // the leave dialog over the tool's own
    await screen.findByText(LEAVE_MSG.body);
    const dialog = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(LEAVE_MSG.title));
    expect(dialog).toBeTruthy();
    expect(router.state.location.pathname).toBe('/form');
  }, 60_000);
  it('the statement email: a message typed and not sent asks before the page is left', async () => {
    const router = renderPage(
      <StatementEmailDialog customerId={7} period={{ from: '2026-10-01', to: '2026-10-31' }} onClose={() => {}} />,
    );
    fireEvent.change(await screen.findByLabelText('Message (optional)'), {
      target: { value: 'Past due, please call' },
    });
    leave();
    expect((await screen.findByText(LEAVE_MSG.title)).textContent).toBe(LEAVE_MSG.title);
    fireEvent.click(screen.getByRole('button', { name: LEAVE_MSG.stay }));
    expect(router.state.location.pathname).toBe('/form');
  });
});
