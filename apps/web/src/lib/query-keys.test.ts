import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

/** Invalidating a group's `all` must reach every key of the group (prefix match). */
describe('query key factory', () => {
  const sample = (k: unknown): readonly unknown[] => (typeof k === 'function' ? k(1, 2) : (k as readonly unknown[]));
  for (const [group, keys] of Object.entries(queryKeys)) {
    const all = (keys as { all?: readonly unknown[] }).all;
    if (!all) continue;
    it(`every ${group} key starts with ${JSON.stringify(all)}`, () => {
      for (const [name, k] of Object.entries(keys)) {
        expect(sample(k).slice(0, all.length), `${group}.${name}`).toEqual(all);
      }
    });
  }

  it('no two groups share a prefix', () => {
    const roots = Object.values(queryKeys).map((g) => sample(Object.values(g)[0])[0]);
    expect(new Set(roots).size).toBe(roots.length);
  });
});
