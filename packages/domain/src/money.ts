/** Money is computed in integer cents; strings like "12.50" and numbers are both accepted. */
export function toCents(value: number | string | null | undefined): number {
  if (typeof value === 'number') {
    // a number of whole cents (nearly every price and amount) needs no decimal text: 0.29 * 100 is
    // 28.999999999999996, within 1e-7 of 29, and toFixed(6) would give 0.290000 all the same. A
    // builder keystroke totals 200 lines with this (issue 37)
    const c = value * 100;
    const cents = Math.round(c);
    if (Math.abs(c - cents) < 1e-7 && Number.isSafeInteger(cents)) return cents + 0; // + 0: never -0
  }
  return decimalCents(value);
}

/** toCents by the amount's decimal text, rounding half away from zero on the third decimal. */
export function decimalCents(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const s = typeof value === 'number' ? value.toFixed(6) : value.trim();
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m) throw new Error(`Not a money amount: ${value}`);
  const sign = m[1] ? -1 : 1;
  const whole = Number(m[2] || '0');
  const frac = (m[3] ?? '').padEnd(3, '0');
  // round half away from zero on the third decimal
  let cents = whole * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  return sign * cents;
}

export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

export function centsToString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Rounds a money amount to 2 decimals (half away from zero). */
export function roundMoney(value: number | string): number {
  return fromCents(toCents(value));
}

export function formatMoney(value: number | string | null | undefined): string {
  const cents = toCents(value ?? 0);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  // thousands separators by hand: toLocaleString goes through Intl for every amount on screen
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** qty * unit price, in cents. */
export function lineTotalCents(qty: number, price: number | string): number {
  return Math.round(qty * toCents(price));
}

/** Tax in cents for a taxable subtotal at a percentage rate with up to 2 decimals (8.25). */
export function taxCents(taxableCents: number, ratePercent: number | string): number {
  const basisPoints = toCents(ratePercent); // 8.25% -> 825
  const raw = taxableCents * basisPoints;
  const sign = raw < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(raw) + 5000) / 10000);
}

export interface TotalsLine {
  qty: number;
  price: number | string;
  taxable: boolean;
}

export interface Totals {
  sub_total: number;
  tax_total: number;
  total: number;
}

export function invoiceTotals(lines: TotalsLine[], ratePercent: number | string): Totals {
  let sub = 0;
  let taxable = 0;
  for (const l of lines) {
    const t = lineTotalCents(l.qty, l.price);
    sub += t;
    if (l.taxable) taxable += t;
  }
  const tax = taxCents(taxable, ratePercent);
  return { sub_total: fromCents(sub), tax_total: fromCents(tax), total: fromCents(sub + tax) };
}
