import { featureToggleSchema } from '@dbo/domain/company';
import { FEATURES } from '@dbo/domain/features';
import { gridQuerySchema } from '@dbo/domain/grid';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.js';
import type { App } from '../../lib/http.js';
import { activityGrid } from '../activity/activity.service.js';
import { publicCompany, userProfile } from '../auth/auth.service.js';
import {
  COMPANY_ERRORS,
  LOGO_MAX_BYTES,
  getCompany,
  listLogos,
  removeLogo,
  saveLogo,
  toggleFeature,
  updateCompany,
} from './company.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

export async function privateRoutes(app: App) {
  const { db, config } = app.deps;

  app.get('/company', { schema: { tags: ['company'] } }, async (req) => {
    return publicCompany(await getCompany(db, req.auth.companyId));
  });

  app.put('/company/:id', { schema: { tags: ['company'], params: idParams, body: z.looseObject({}) } }, async (req) => {
    if (req.params.id !== req.auth.companyId) throw notFound('Company not found');
    const company = await updateCompany(db, req.auth.companyId, req.auth.userId, req.body);
    app.deps.emit(req.auth.companyId, 'company:update', { id: company.id });
    return company;
  });

  app.get('/company/features', { schema: { tags: ['company'] } }, async (req) => {
    const profile = await userProfile(db, req.auth.userId);
    const states = profile?.company.companyFeatures ?? [];
    return FEATURES.map((f) => ({ ...f, ...states.find((s) => s.name === f.name) }));
  });

  app.post('/company/feature', { schema: { tags: ['company'], body: featureToggleSchema } }, async (req) => {
    const feature = await toggleFeature(db, req.auth.companyId, req.auth.userId, req.body.name, req.body.active);
    app.deps.emit(req.auth.companyId, 'company:update', { feature: feature.name });
    if (feature.name === 'order') app.deps.emit(req.auth.companyId, 'order:feature', { active: feature.active });
    return feature;
  });

  app.get('/company/logo', { schema: { tags: ['company'] } }, async (req) => ({
    logos: await listLogos(db, req.auth.companyId),
  }));

  app.post('/company/logo', { schema: { tags: ['company'] } }, async (req) => {
    const file = await req.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
    if (file?.fieldname !== 'logo') throw badRequest(COMPANY_ERRORS.logoMissing);
    const buffer = await file.toBuffer().catch(() => {
      throw badRequest(COMPANY_ERRORS.logoSize);
    });
    if (file.file.truncated) throw badRequest(COMPANY_ERRORS.logoSize);
    return saveLogo(db, config.dataDir, req.auth.companyId, req.auth.userId, {
      filename: file.filename,
      mimetype: file.mimetype,
      buffer,
    });
  });

  app.delete('/company/logo/:id', { schema: { tags: ['company'], params: idParams } }, async (req) =>
    removeLogo(db, config.dataDir, req.auth.companyId, req.auth.userId, req.params.id),
  );

  app.get('/user/user-activity/grid', { schema: { tags: ['activity'], querystring: gridQuerySchema } }, async (req) =>
    activityGrid(db, req.auth.companyId, req.query),
  );
}
