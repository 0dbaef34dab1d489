import {
  INTEGRATION_MSG,
  integrationCredentialsIn,
  integrationParams,
  integrationSettingsOut,
} from '@dbo/domain/integrations';
import { z } from 'zod';
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
  const { db } = app.deps;

  app.get(
    '/company/integration',
    { schema: { tags, response: { 200: z.object({ integrations: z.array(integrationSettingsOut) }) } } },
    async (req) => ({ integrations: await listIntegrationSettings(db, req.auth.companyId) }),
  );

  app.get(
    '/company/integration/:name',
    { schema: { tags, params: integrationParams, response: { 200: integrationSettingsOut } } },
    async (req) => getIntegrationSettings(db, req.auth.companyId, req.params.name),
  );

  app.put(
    '/company/integration/:name',
    {
      schema: {
        tags,
        params: integrationParams,
        body: integrationCredentialsIn,
        response: { 200: integrationSettingsOut },
      },
    },
    async (req) => {
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
      return saved;
    },
  );

  app.delete(
    '/company/integration/:name',
    { schema: { tags, params: integrationParams, response: { 200: integrationSettingsOut } } },
    async (req) => {
      if (req.auth.role !== 'owner') throw forbidden(INTEGRATION_MSG.ownerOnly);
      return removeIntegrationCredentials(db, req.auth.companyId, req.params.name);
    },
  );
}
