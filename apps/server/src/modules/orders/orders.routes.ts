import { and, count, eq } from 'drizzle-orm';
import type { App } from '../../lib/http.js';
import { orders } from './orders.tables.js';

export async function privateRoutes(app: App) {
  /** The placed-order count behind the navigation badge and the page title. */
  app.get('/order/count', { schema: { tags: ['orders'] } }, async (req) => {
    const [{ n }] = await app.deps.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.company_id, req.auth.companyId), eq(orders.status, 'placed')));
    return { count: Number(n) };
  });
}
