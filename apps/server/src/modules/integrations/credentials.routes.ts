import * as api from '@dbo/domain/endpoints/credentials';
import { INTEGRATION_MSG } from '@dbo/domain/integrations';
import { bottlePosClient } from '../../integrations/bottle-pos/client.js';
import { cloverClient } from '../../integrations/clover/client.js';
import { routeOf } from '../../lib/endpoint-route.js';
import { forbidden } from '../../lib/errors.js';
import type { App } from '../../lib/http.js';
import { recordActivity } from '../activity/activity.service.js';
import {
  getIntegrationSettings,
  listIntegrationSettings,
  removeIntegrationCredentials,
  saveIntegrationCredentials,
} from './credentials.service.js';

const tags = ['integrations'];

/** Partners' credentials in settings: anyone signed in sees them masked; only the owner changes them. */
export async function privateRoutes(app: App) {
  const { db, config } = app.deps;

  /**
   * A point of sale's key is tried with one small call (the first product) when it is saved, so the
   * owner learns at once whether it works; the key is kept either way (a partner may be down).
   */
  async function testKey(name: string, title: string, apiKey: string) {
    if (name !== 'bottle_pos' && name !== 'clover') return null;
    const baseUrl = name === 'clover' ? config.cloverUrl : config.bottlePosUrl;
    if (!baseUrl) return { ok: false, message: INTEGRATION_MSG.keyUntested(title) };
    const make = name === 'clover' ? cloverClient : bottlePosClient;
    try {
      await make({ baseUrl, apiKey, timeoutMs: Math.min(config.integrationTimeoutMs, 10_000) }).listProducts(1, 1);
      return { ok: true, message: INTEGRATION_MSG.keyAccepted(title) };
    } catch (err) {
      return { ok: false, message: INTEGRATION_MSG.keyRefused(title, (err as Error).message) };
    }
  }

  app.route({
    ...routeOf(api.integrations, { tags }),
    handler: async (req) => ({ integrations: await listIntegrationSettings(db, req.auth.companyId) }),
  });

  app.route({
    ...routeOf(api.integration, { tags }),
    handler: async (req) => getIntegrationSettings(db, req.auth.companyId, req.params.name),
  });

  app.route({
    ...routeOf(api.saveIntegration, { tags }),
    handler: async (req) => {
      if (req.auth.role !== 'owner') throw forbidden(INTEGRATION_MSG.ownerOnly);
      const saved = await saveIntegrationCredentials(
        db,
        req.auth.companyId,
        req.params.name,
        req.body,
        req.auth.userId,
      );
      await recordActivity(db, {
        companyId: req.auth.companyId,
        userId: req.auth.userId,
        module: 'COMPANY',
        type: 'UPDATE',
        info: { integration: saved.name, credentials: 'saved' },
      });
      return { ...saved, test: await testKey(saved.name, saved.title, req.body.api_key) };
    },
  });

  app.route({
    ...routeOf(api.removeIntegration, { tags }),
    handler: async (req) => {
      if (req.auth.role !== 'owner') throw forbidden(INTEGRATION_MSG.ownerOnly);
      return removeIntegrationCredentials(db, req.auth.companyId, req.params.name);
    },
  });
}
