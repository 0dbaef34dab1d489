import { timingSafeEqual } from 'node:crypto';
import {
  OPERATOR_MSG,
  operatorCompanyOut,
  operatorFeatureBody,
  operatorFeatureOut,
  operatorFeatureParams,
  operatorFeatureRequestOut,
} from '@dbo/domain/operator';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import type { App } from '../../lib/http.js';
import { operatorCompanies, operatorFeatureRequests, operatorSetFeature } from './operator.service.js';

const tags = ['operator'];
const security = [{ bearer: [] }];

function tokenMatches(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The operator's routes: they exist only with OPERATOR_TOKEN set (otherwise 404 and absent from the
 * OpenAPI document) and answer only to `Authorization: Bearer <OPERATOR_TOKEN>` (401 otherwise).
 * They are not staff routes: no company session, no role; every change is logged.
 */
export async function publicRoutes(app: App) {
  const token = app.deps.config.operatorToken;
  if (!token) return;
  const { db, mailer, config, wiring } = app.deps;

  await app.register(async (op) => {
    op.addHook('onRequest', async (req: FastifyRequest) => {
      const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
      if (!m || !tokenMatches(m[1].trim(), token)) {
        req.log.warn({ operator: 'refused', url: req.routeOptions.url }, 'operator token refused');
        throw new HttpError(401, OPERATOR_MSG.tokenRequired);
      }
    });
    const typed = op as unknown as App;

    typed.get(
      '/operator/companies',
      { schema: { tags, security, response: { 200: z.array(operatorCompanyOut) } } },
      async () => operatorCompanies(db),
    );

    typed.get(
      '/operator/feature-requests',
      { schema: { tags, security, response: { 200: z.array(operatorFeatureRequestOut) } } },
      async () => operatorFeatureRequests(db),
    );

    typed.put(
      '/operator/company/:id/feature/:name',
      {
        schema: {
          tags,
          security,
          params: operatorFeatureParams,
          body: operatorFeatureBody,
          response: { 200: operatorFeatureOut },
        },
      },
      async (req) => {
        const { id, name } = req.params as z.infer<typeof operatorFeatureParams>;
        const body = req.body as z.infer<typeof operatorFeatureBody>;
        const { result, type } = await operatorSetFeature(wiring, db, id, name, body, async (to, company, feature) => {
          const link = `${config.publicUrl}/features`;
          await mailer.send({
            to,
            subject: `${feature} is now active for ${company}`,
            text: `Hello,\n\nYou asked for access to ${feature}. It is now active for ${company}.\nSee it on your Features page: ${link}\n`,
            html: `<p>Hello,</p><p>You asked for access to ${escapeHtml(feature)}. It is now active for ${escapeHtml(company)}.</p><p><a href="${link}">Open your Features page</a></p>`,
          });
        });
        req.log.info({ operator: type, company_id: id, feature: name, body }, 'operator changed a feature');
        app.deps.emit(id, 'company:update', { feature: name });
        return result;
      },
    );
  });
}
