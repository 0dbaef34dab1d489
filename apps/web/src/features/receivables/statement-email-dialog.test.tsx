import { EMAIL_MSG } from '@dbo/domain/payment';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { stubBrowserApis } from '../../lib/test-dom';
import { leavePage as leave, renderOnPage } from '../../lib/test-page';
import { LEAVE_MSG } from '../../lib/unsaved-changes';
import { StatementEmailDialog } from './statement-email-dialog';

const CUSTOMER = 7;
const PERIOD = { from: '2026-10-01', to: '2026-10-31' };

beforeAll(() => {
  stubBrowserApis();
});

const fetchMock = vi.fn();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderDialog(contactEmail: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(queryKeys.customers.one(CUSTOMER), { id: CUSTOMER, contact_email: contactEmail });
  const onClose = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={qc}>
      <App>
        <StatementEmailDialog customerId={CUSTOMER} period={PERIOD} onClose={onClose} />
      </App>
    </QueryClientProvider>,
  );
  return { onClose };
}

describe('statement email dialog', () => {
  it("starts with the customer's email and sends the period to the addresses in the field", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: true, message: 'sent', emailed_to: ['buyer@bar.example'] }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    const { onClose } = renderDialog('Buyer@Bar.example');
    const field = screen.getByLabelText('Recipients') as HTMLInputElement;
    expect(field.value).toBe('Buyer@Bar.example');
    fireEvent.change(field, { target: { value: 'Buyer@Bar.example, ap@bar.example' } });
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: 'Thanks!' } });
    fireEvent.click(screen.getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`/api/v1/customer/${CUSTOMER}/statement/email`);
    expect(JSON.parse(init.body)).toEqual({
      ...PERIOD,
      to_emails: ['buyer@bar.example', 'ap@bar.example'],
      message: 'Thanks!',
    });
  });

  it('names the addresses that are not addresses, and an empty field, without sending', async () => {
    renderDialog('');
    fireEvent.click(screen.getByRole('button', { name: /Send/ }));
    expect(await screen.findByText(EMAIL_MSG.empty)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Recipients'), { target: { value: 'ok@bar.example, front desk' } });
    fireEvent.click(screen.getByRole('button', { name: /Send/ }));
    expect(await screen.findByText(`${EMAIL_MSG.invalid}: front, desk`)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the statement email: a message typed and not sent asks before the page is left', async () => {
    const router = renderOnPage(
      <StatementEmailDialog customerId={CUSTOMER} period={PERIOD} onClose={() => {}} />,
      (qc) => qc.setQueryData(queryKeys.customers.one(CUSTOMER), { id: CUSTOMER, contact_email: 'buyer@bar.example' }),
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
