import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '../../lib/test-dom';
import { PaymentForm } from './payment-form';

beforeAll(stubBrowserApis);
afterEach(cleanup);

const NOTICE = '$9,999.00 is $9,458.37 more than the $540.63 owing: the rest stays as credit on the account';

function renderForm(owing = 540.63) {
  const onSubmit = vi.fn(async () => true);
  render(
    <App>
      <PaymentForm submitText="Add Payment" owing={owing} onSubmit={onSubmit} />
    </App>,
  );
  const amount = screen.getByLabelText('Amount');
  const setAmount = (v: string) => {
    fireEvent.change(amount, { target: { value: v } });
    fireEvent.blur(amount);
  };
  const button = () => screen.getByRole('button', { name: 'Add Payment' }) as HTMLButtonElement;
  return { onSubmit, setAmount, button };
}

describe('a payment above what the invoice owes (issue 30)', () => {
  it('says where the rest goes and waits for a confirmation before Add Payment', async () => {
    const { onSubmit, setAmount, button } = renderForm();
    setAmount('9999');
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(button().disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Yes, keep the rest as credit on the account' }));
    await waitFor(() => expect(button().disabled).toBe(false));
    fireEvent.click(button());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    expect(onSubmit.mock.calls[0]).toMatchObject([{ amount: 9999 }]);
  }, 90_000);

  it('asks again when the amount changes after the confirmation', async () => {
    const { setAmount, button } = renderForm();
    setAmount('9999');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Yes, keep the rest as credit on the account' }));
    await waitFor(() => expect(button().disabled).toBe(false));
    setAmount('99999');
    expect(await screen.findByText(/\$99,999\.00 is \$99,458\.37 more than the \$540\.63 owing/)).toBeTruthy();
    expect(button().disabled).toBe(true);
  }, 90_000);

  it('says nothing up to the amount owing', async () => {
    const { setAmount, button } = renderForm();
    setAmount('540.63');
    await waitFor(() => expect(screen.queryByTestId('overpayment')).toBeNull());
    expect(button().disabled).toBe(false);
  });
});
