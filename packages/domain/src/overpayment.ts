/**
 * A payment above what an invoice owes (issue 30: money is conserved): the invoice takes what it
 * owes and the rest stays as the customer's on-account credit. The payment dialog says so in words
 * before saving and asks for a confirmation.
 */
import { formatMoney, toCents } from './money.js';

/**
 * '$9,999.00 is $9,458.37 more than the $540.63 owing: the rest stays as credit on the account',
 * or null when the amount is not above what is owing (a negative owing counts as nothing owed).
 */
export function overpaymentNotice(amount: number | string, owing: number | string): string | null {
  const amountCents = toCents(amount);
  const owingCents = Math.max(0, toCents(owing));
  if (amountCents <= owingCents) return null;
  return `${formatMoney(amountCents / 100)} is ${formatMoney((amountCents - owingCents) / 100)} more than the ${formatMoney(owingCents / 100)} owing: the rest stays as credit on the account`;
}
