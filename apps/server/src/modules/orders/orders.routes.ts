import { z } from 'zod';
import type { App } from '../../lib/http.js';
import { placedOrderCount } from './orders.service.js';

export async function privateRoutes(app: App) {
  app.get(
    '/order/count',
    { schema: { tags: ['orders'], response: { 200: z.object({ count: z.number() }) } } },
    async (req) => placedOrderCount(app.deps.db, req.auth.companyId),
  );
}
