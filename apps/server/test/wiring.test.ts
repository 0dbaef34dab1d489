import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.js';

describe('wiring', () => {
  it('gives each app built in one process its own hooks, each listed once', async () => {
    const a = await createTestApp();
    const b = await createTestApp();
    try {
      const wa = a.app.deps.wiring;
      const wb = b.app.deps.wiring;
      expect(wa).not.toBe(wb);
      expect(wa.invoices.saved).not.toBe(wb.invoices.saved);
      expect(wa.invoices.readParts).not.toBe(wb.invoices.readParts);
      expect(wa.company.changed).not.toBe(wb.company.changed);
      // a second app adds nothing to the first one's save: each listener runs once per save
      expect(wa.invoices.saved).toHaveLength(wb.invoices.saved.length);
      expect(new Set(wa.invoices.saved).size).toBe(wa.invoices.saved.length);
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});
