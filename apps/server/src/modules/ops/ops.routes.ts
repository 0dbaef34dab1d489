import * as api from '@dbo/domain/endpoints/ops';
import type { z } from 'zod';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import { type CheckResult, checkDatabase, checkMigrations, checkRedis, redisPinger } from './readiness.js';

/**
 * `/health` (in app.ts) says the process is alive; `/ready` says it can serve: the database answers,
 * every migration of this build is applied and, with REDIS_URL, Redis answers. 503 names the check.
 */
export async function publicRoutes(app: App) {
  const { config, db } = app.deps;
  const redis = config.redisUrl ? redisPinger(config.redisUrl) : undefined;
  if (redis) app.addHook('onClose', () => redis.close());

  app.route({
    ...routeOf(api.ready),
    handler: async (_req, reply) => {
      const database = await checkDatabase(db);
      const migrations: CheckResult = database.ok
        ? await checkMigrations(db)
        : { ok: false, error: 'database not reachable' };
      const checks: z.infer<typeof api.ready.response>['checks'] = { database, migrations };
      if (redis) checks.redis = await checkRedis(redis);
      const ready = Object.values(checks).every((c) => c?.ok);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
    },
  });
}
