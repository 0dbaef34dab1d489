import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '../../lib/test-dom';
import type { ProductSuggestion } from './builder-model';
import { ProductSearch } from './product-search';

/** The server's answers: a product per UPC, each after its own delay (answers overtake each other). */
const server = vi.hoisted(() => ({ delays: [] as number[], asked: [] as string[] }));
vi.mock('./api', () => ({
  fetchSuggestions: (query: string) => {
    server.asked.push(query);
    const delay = server.delays.shift() ?? 0;
    const n = Number(query.slice(-3));
    const found: ProductSuggestion[] =
      n === 999
        ? []
        : [{ id: n, product: `WINE ${n}`, upc: query, product_type: 'WINE' } as unknown as ProductSuggestion];
    return new Promise((resolve) => setTimeout(() => resolve(found), delay));
  },
}));

beforeAll(stubBrowserApis);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  server.asked.length = 0;
  server.delays.length = 0;
});

const upcOf = (n: number) => String(800000000000 + n);
/** The clock moves on (fake timers: the answers' delays and the search's debounce). */
const later = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

/** What a barcode scanner sends: the digits, then Enter. */
async function scan(upc: string) {
  const box = screen.getByTestId('product-search');
  await act(async () => {
    fireEvent.change(box, { target: { value: upc } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
  });
}

describe('the product search at scanner speed', () => {
  it('adds scans fired 50 ms apart, in the order scanned, though the answers come out of order', async () => {
    vi.useFakeTimers();
    const added: number[] = [];
    render(<ProductSearch customerId={1} onAdd={(p, scanned) => scanned && added.push(p.id)} />);
    // the first answers are the slowest: a later scan's answer arrives before an earlier one's
    server.delays = [300, 200, 100, 0];
    for (let n = 1; n <= 4; n++) {
      await scan(upcOf(n));
      // the box is free for the next scan at once
      expect(screen.getByTestId('product-search')).toHaveProperty('value', '');
      await later(50);
    }
    // the slowest answer (the first scan's) is in 300 ms after it: all are, in the order scanned
    await later(300);
    expect(added).toEqual([1, 2, 3, 4]);
    // one lookup per scan: Enter does not wait for the typing pause, nor looks a UPC up twice
    expect(server.asked).toEqual([1, 2, 3, 4].map(upcOf));
  });

  it('names a scanned UPC no product has, and still adds the scans around it', async () => {
    vi.useFakeTimers();
    const added: number[] = [];
    render(<ProductSearch customerId={1} onAdd={(p) => added.push(p.id)} />);
    await scan(upcOf(1));
    await scan(upcOf(999));
    await scan(upcOf(2));
    await later(10);
    expect(added).toEqual([1, 2]);
    expect(screen.getByTestId('upc-not-found').textContent).toBe(`No product with UPC ${upcOf(999)}`);
  });
});
