import { activityGridOut, activityUserOut } from '@dbo/domain/activity';
import { z } from 'zod';
import { gridQuery } from '@dbo/domain/grid';
import type { App } from '../../lib/http.js';
import { activityGrid, activityUsers } from './activity.service.js';

export async function privateRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/user/user-activity/grid',
    { schema: { tags: ['activity'], querystring: gridQuery(), response: { 200: activityGridOut } } },
    async (req) => activityGrid(db, req.auth.companyId, req.query),
  );
  app.get(
    '/user/user-activity/users',
    {
      config: { action: 'activity.read' },
      schema: { tags: ['activity'], response: { 200: z.array(activityUserOut) } },
    },
    async (req) => activityUsers(db, req.auth.companyId),
  );
}
