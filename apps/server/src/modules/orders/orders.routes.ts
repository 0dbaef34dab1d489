import * as api from '@dbo/domain/endpoints/orders';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import { placedOrderCount } from './orders.service.js';

export async function privateRoutes(app: App) {
  app.route({
    ...routeOf(api.orderCount, { tags: ['orders'] }),
    handler: async (req) => placedOrderCount(app.deps.db, req.auth.companyId),
  });
}
