import { activityGridOut } from '@dbo/domain/activity';
import { gridQuery } from '@dbo/domain/grid';
import type { App } from '../../lib/http.js';
import { activityGrid } from './activity.service.js';

export async function privateRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/user/user-activity/grid',
    { schema: { tags: ['activity'], querystring: gridQuery(), response: { 200: activityGridOut } } },
    async (req) => activityGrid(db, req.auth.companyId, req.query),
  );
}
