import { describe, expect, it } from 'vitest';
import { monthLabel } from './report-parts';
import { chartName } from './sales-report-card';

describe('report chart labels (issue 36)', () => {
  it("names a month as the rest of the product does: 'Sep 2026', not '2026-09'", () => {
    expect(monthLabel('2026-09')).toBe('Sep 2026');
    expect(monthLabel('2026-12-01')).toBe('Dec 2026');
    expect(monthLabel(null)).toBe('');
  });

  it('gives two sizes of one product two names, and cuts a long one to fit its row', () => {
    const small = chartName({ label: "TITO'S HANDMADE VODKA", product_size: '750ML' });
    const big = chartName({ label: "TITO'S HANDMADE VODKA", product_size: '1.75L' });
    expect(small).not.toBe(big);
    expect(big).toBe("TITO'S HANDMADE VODKA 1.75L");
    const long = chartName({ label: 'GARRISON BROTHERS SMALL BATCH BOURBON', product_size: '750ML' });
    expect(long).toHaveLength(30);
    expect(long.endsWith('…')).toBe(true);
    expect(chartName({ label: 'The Broken Spoke', product_size: null })).toBe('The Broken Spoke');
  });
});
