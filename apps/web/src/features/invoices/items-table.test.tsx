import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubBrowserApis } from '../../lib/test-dom';
import type { BuilderItem } from './builder-model';
import { ItemsTable } from './items-table';

beforeAll(stubBrowserApis);
afterEach(cleanup);

const item = (n: number): BuilderItem => ({
  key: `k${n}`,
  product_id: n,
  product: `WINE ${n}`,
  product_type: 'WINE',
  product_size: '750ML',
  upc: `80000000000${n}`,
  qty: 1,
  price: 10 * n,
  taxable: true,
  on_deal: false,
  scanned: true,
  last_purchase_price: null,
  reorder_level: null,
  stock: null,
});

/** The builder's use: the table's changes go back into its lines. */
function Harness({
  initial,
  seen,
  inventory = false,
}: {
  initial: BuilderItem[];
  seen: BuilderItem[][];
  inventory?: boolean;
}) {
  const [items, setItems] = useState(initial);
  return (
    <>
      <button type="button" onClick={() => setItems((xs) => [...xs, item(xs.length + 1)])}>
        add line
      </button>
      <ItemsTable
        items={items}
        inventory={inventory}
        canEditPrice
        onChange={(next) => {
          seen.push(next);
          setItems(next);
        }}
      />
    </>
  );
}

const qtyInput = (product: string) => screen.getByLabelText(`Quantity of ${product}`) as HTMLInputElement;

describe('builder items table (memoised cells, issue 19)', () => {
  it('shows a keystroke in its line on a long (virtual) invoice, and marks the line by its stock', () => {
    const seen: BuilderItem[][] = [];
    const lines = Array.from({ length: 60 }, (_, i) => ({ ...item(i + 1), stock: 5, reorder_level: 1 }));
    render(<Harness initial={lines} seen={seen} inventory />);
    const row = () => qtyInput('WINE 2').closest('.ant-table-row') as HTMLElement;
    expect(row().querySelector('[data-level]')?.getAttribute('data-level')).toBe('OK');
    fireEvent.change(qtyInput('WINE 2'), { target: { value: '7' } });
    expect(seen[seen.length - 1][1].qty).toBe(7);
    // the table itself did not render again: the line's cells read their line from the store
    expect(qtyInput('WINE 2').value).toBe('7');
    expect(row().textContent).toContain('$140.00');
    expect(row().querySelector('[data-level]')?.getAttribute('data-level')).toBe('NEGATIVE');
    // the row takes the level's colour (the table renders again when a level changes)
    expect(row().className).toContain('row-negative');
    expect(
      qtyInput('WINE 1').closest('.ant-table-row')?.querySelector('[data-level]')?.getAttribute('data-level'),
    ).toBe('OK');
  }, 30_000);

  it('keeps every edit: a cell that did not re-render still changes the latest lines', () => {
    const seen: BuilderItem[][] = [];
    render(<Harness initial={[item(1), item(2), item(3)]} seen={seen} />);
    fireEvent.change(qtyInput('WINE 2'), { target: { value: '7' } });
    // line 1's checkbox was not re-rendered by the change on line 2; its change must keep qty 7
    fireEvent.click(screen.getByLabelText('Taxable WINE 1'));
    const last = seen[seen.length - 1];
    expect(last.map((i) => [i.product, i.qty, i.taxable])).toEqual([
      ['WINE 1', 1, false],
      ['WINE 2', 7, true],
      ['WINE 3', 1, true],
    ]);
    expect(qtyInput('WINE 2').value).toBe('7');
    expect(screen.getByText('$140.00')).toBeTruthy();
  }, 30_000);

  it('moves and removes lines, and enables the move buttons by position', () => {
    const seen: BuilderItem[][] = [];
    render(<Harness initial={[item(1), item(2)]} seen={seen} />);
    const down = (p: string) => screen.getByLabelText(`Move ${p} down`) as HTMLButtonElement;
    const up = (p: string) => screen.getByLabelText(`Move ${p} up`) as HTMLButtonElement;
    expect(down('WINE 2').disabled).toBe(true);
    // a new last line: the former last one may move down now
    fireEvent.click(screen.getByText('add line'));
    expect(down('WINE 2').disabled).toBe(false);
    expect(down('WINE 3').disabled).toBe(true);

    fireEvent.click(down('WINE 1'));
    expect(seen[seen.length - 1].map((i) => i.product)).toEqual(['WINE 2', 'WINE 1', 'WINE 3']);
    expect(up('WINE 2').disabled).toBe(true);
    expect(up('WINE 1').disabled).toBe(false);

    fireEvent.click(screen.getByLabelText('Remove WINE 3'));
    expect(seen[seen.length - 1].map((i) => i.product)).toEqual(['WINE 2', 'WINE 1']);
    expect(down('WINE 1').disabled).toBe(true);
  }, 30_000);
});
