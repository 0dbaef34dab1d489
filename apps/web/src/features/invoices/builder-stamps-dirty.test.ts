import { describe, expect, it } from 'vitest';
import type { ProductSuggestion } from './builder-model';
import {
  type BuilderAction,
  type BuilderState,
  builderReducer,
  initialState,
  saveProblems,
  stampProblem,
} from './builder-state';

const vodka: ProductSuggestion = {
  id: 7,
  product: "TITO'S HANDMADE VODKA",
  product_type: 'LIQUOR',
  product_size: '750ML',
  product_price: 18.99,
};
const wine: ProductSuggestion = {
  id: 8,
  product: 'HOUSE RED',
  product_type: 'WINE',
  product_size: '750ML',
  product_price: 9,
};
const customer = { id: 3, name: 'Bar', cash_on_delivery: false };
const blank = (patch: Partial<BuilderState> = {}): BuilderState => ({
  ...initialState({ company: {}, today: '2026-11-21' }),
  ...patch,
});
const range = (from: number, to: number) => ({ key: `r${from}`, roll_id: 1, prefix: 'A', from, to });

describe('the builder refuses a non-draft liquor invoice whose stamps do not add up (issue 30)', () => {
  const twoBottles = () => {
    let s = blank({ customer });
    s = builderReducer(s, { type: 'addProduct', product: vodka, scanned: true });
    return builderReducer(s, { type: 'addProduct', product: vodka, scanned: true });
  };

  it('says how many stamps are missing for the chosen status, in the server words', () => {
    const s = { ...twoBottles(), status: 'delivered' as const };
    expect(stampProblem(s)).toBe('This invoice needs 2 more TABC stamps before it can be Delivered');
    expect(saveProblems(s)).toContain('This invoice needs 2 more TABC stamps before it can be Delivered');
    expect(stampProblem({ ...s, ranges: [range(100, 100)] })).toBe(
      'This invoice needs 1 more TABC stamp before it can be Delivered',
    );
  });

  it('names the extra stamps', () => {
    const s = { ...twoBottles(), status: 'invoiced' as const, ranges: [range(100, 104)] };
    expect(stampProblem(s)).toContain('3 more TABC stamps');
  });

  it('lets the save through with exactly the need, or as a draft or cancelled with any number', () => {
    const s = twoBottles();
    expect(stampProblem({ ...s, status: 'delivered', ranges: [range(100, 101)] })).toBeNull();
    expect(stampProblem({ ...s, status: 'draft', ranges: [] })).toBeNull();
    expect(stampProblem({ ...s, status: 'cancelled', ranges: [range(1, 9)] })).toBeNull();
    expect(saveProblems({ ...s, status: 'delivered', ranges: [range(100, 101)] })).toEqual([]);
  });

  it('asks nothing of a wine invoice without stamps', () => {
    const s = builderReducer(blank({ customer, status: 'delivered' }), {
      type: 'addProduct',
      product: wine,
      scanned: false,
    });
    expect(stampProblem(s)).toBeNull();
  });

  it('follows the automatic stamps once the rolls are loaded', () => {
    let s: BuilderState = { ...twoBottles(), status: 'delivered' };
    s = builderReducer(s, {
      type: 'rollsLoaded',
      sequences: [{ roll_id: 1, prefix: 'A', from: 100, to: 199, count: 100 }],
    });
    expect(s.ranges).toMatchObject([{ from: 100, to: 101 }]);
    expect(stampProblem(s)).toBeNull();
    // the user removes the assigned range: the save is refused again
    s = builderReducer(s, { type: 'editRanges', ranges: [] });
    expect(stampProblem(s)).toBe('This invoice needs 2 more TABC stamps before it can be Delivered');
  });
});

describe('the builder knows when there is work to lose', () => {
  it('starts untouched, and what the address fills in (?customerId, ?productId) is not the user’s work', () => {
    let s = blank();
    expect(s.touched).toBe(false);
    s = builderReducer(s, { type: 'set', patch: { customer }, quiet: true });
    s = builderReducer(s, { type: 'addProduct', product: vodka, scanned: false, quiet: true });
    s = builderReducer(s, { type: 'rollsLoaded', sequences: [] });
    expect(s.touched).toBe(false);
  });

  it('is touched by a line, a field or a stamp range, and Reset starts over', () => {
    const actions: BuilderAction[] = [
      { type: 'addProduct', product: vodka, scanned: true },
      { type: 'set', patch: { note: 'Back door' } },
      { type: 'editRanges', ranges: [] },
    ];
    for (const action of actions) {
      const s = builderReducer(blank(), action);
      expect(s.touched).toBe(true);
      expect(builderReducer(s, { type: 'reset', state: blank() }).touched).toBe(false);
    }
  });
});
