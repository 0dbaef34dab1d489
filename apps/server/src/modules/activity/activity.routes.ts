import * as api from '@dbo/domain/endpoints/activity';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import { activityGrid, activityUsers } from './activity.service.js';

export async function privateRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['activity'];
  app.route({
    ...routeOf(api.activityGrid, { tags }),
    handler: async (req) => activityGrid(db, req.auth.companyId, req.query),
  });
  app.route({
    ...routeOf(api.activityUsers, { tags }),
    config: { action: 'activity.read' },
    handler: async (req) => activityUsers(db, req.auth.companyId),
  });
}
