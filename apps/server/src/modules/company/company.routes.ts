import * as api from '@dbo/domain/endpoints/company';
import { FEATURES } from '@dbo/domain/features';
import { routeOf } from '../../lib/endpoint-route.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { App } from '../../lib/http.js';
import {
  COMPANY_ERRORS,
  LOGO_MAX_BYTES,
  getCompany,
  listLogos,
  publicCompany,
  removeLogo,
  saveLogo,
  toggleFeature,
  updateCompany,
  userProfile,
} from './company.service.js';

const tags = ['company'];

export async function privateRoutes(app: App) {
  const { db, config, wiring } = app.deps;

  app.route({
    ...routeOf(api.company, { tags }),
    handler: async (req) => publicCompany(await getCompany(db, req.auth.companyId)),
  });

  app.route({
    ...routeOf(api.updateCompany, { tags }),
    handler: async (req) => {
      if (req.params.id !== req.auth.companyId) throw notFound('Company not found');
      const company = await updateCompany(wiring, db, req.auth.companyId, req.auth.userId, req.body);
      app.deps.emit(req.auth.companyId, 'company:update', { id: company.id });
      return company;
    },
  });

  app.route({
    ...routeOf(api.companyFeatures, { tags }),
    handler: async (req) => {
      const profile = await userProfile(db, req.auth.userId);
      const states = profile?.company.companyFeatures ?? [];
      return FEATURES.map((f) => ({
        active: false,
        ignore_pricing: false,
        access_requested: false,
        ...f,
        ...states.find((s) => s.name === f.name),
      }));
    },
  });

  app.route({
    ...routeOf(api.toggleFeature, { tags }),
    handler: async (req) => {
      const feature = await toggleFeature(
        wiring,
        db,
        req.auth.companyId,
        req.auth.userId,
        req.body.name,
        req.body.active,
      );
      app.deps.emit(req.auth.companyId, 'company:update', { feature: feature.name });
      if (feature.name === 'order') app.deps.emit(req.auth.companyId, 'order:feature', { active: feature.active });
      return feature;
    },
  });

  app.route({
    ...routeOf(api.logos, { tags }),
    handler: async (req) => ({ logos: await listLogos(db, req.auth.companyId) }),
  });

  // multipart: the file is read from the stream, not declared as a body schema
  app.route({
    ...routeOf(api.uploadLogo, { tags }),
    handler: async (req) => {
      // not multipart at all: the same clear 400 as a form without the file (not multipart's 406)
      if (!req.isMultipart()) throw badRequest(COMPANY_ERRORS.logoMissing);
      const file = await req.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
      if (file?.fieldname !== 'logo') throw badRequest(COMPANY_ERRORS.logoMissing);
      const buffer = await file.toBuffer().catch(() => {
        throw badRequest(COMPANY_ERRORS.logoSize);
      });
      if (file.file.truncated) throw badRequest(COMPANY_ERRORS.logoSize);
      return saveLogo(wiring, db, config.dataDir, req.auth.companyId, req.auth.userId, {
        filename: file.filename.slice(0, 255),
        mimetype: file.mimetype,
        buffer,
      });
    },
  });

  app.route({
    ...routeOf(api.removeLogo, { tags }),
    handler: async (req) => removeLogo(wiring, db, config.dataDir, req.auth.companyId, req.auth.userId, req.params.id),
  });
}
