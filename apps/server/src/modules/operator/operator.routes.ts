import { timingSafeEqual } from 'node:crypto';
import * as api from '@dbo/domain/endpoints/operator';
import { OPERATOR_MSG } from '@dbo/domain/operator';
import type { FastifyRequest } from 'fastify';
import { routeOf } from '../../lib/endpoint-route.js';
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

    typed.route({
      ...routeOf(api.operatorCompanies, { tags, security }),
      handler: async () => operatorCompanies(db),
    });

    typed.route({
      ...routeOf(api.operatorFeatureRequests, { tags, security }),
      handler: async () => operatorFeatureRequests(db),
    });

    typed.route({
      ...routeOf(api.operatorSetFeature, { tags, security }),
      handler: async (req) => {
        const { id, name } = req.params;
        const body = req.body;
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
    });
  });
}
