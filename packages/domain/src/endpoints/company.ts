/** The company module's endpoints: the company's settings, its features and its logos. */
import { z } from 'zod';
import {
  companyBodySchema,
  companyOut,
  featureToggleOut,
  featureToggleSchema,
  logoOut,
  successOut,
} from '../company.js';
import { endpoint } from '../endpoint.js';
import { idParams } from '../primitives.js';

/** GET /company/features: each feature's definition with the company's state of it. */
const featureOut = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  pricing: z.string(),
  gated: z.boolean().optional(),
  comingSoon: z.boolean().optional(),
  request_access: z.object({ description1: z.string(), description2: z.string() }).optional(),
  active: z.boolean(),
  ignore_pricing: z.boolean(),
  access_requested: z.boolean(),
});

export const company = endpoint({ method: 'GET', path: '/company', response: companyOut });

/** the whole settings form; the id is the signed-in user's company */
export const updateCompany = endpoint({
  method: 'PUT',
  path: '/company/:id',
  params: idParams,
  body: companyBodySchema,
  response: companyOut,
});

/** every feature of the marketplace with the company's state of it */
export const companyFeatures = endpoint({ method: 'GET', path: '/company/features', response: z.array(featureOut) });

/** switches a feature on or off (a gated one: asks for access) */
export const toggleFeature = endpoint({
  method: 'POST',
  path: '/company/feature',
  body: featureToggleSchema,
  response: featureToggleOut,
});

export const logos = endpoint({
  method: 'GET',
  path: '/company/logo',
  response: z.object({ logos: z.array(logoOut) }),
});

/** multipart (field `logo`): the file is read from the stream, not declared as a body schema */
export const uploadLogo = endpoint({ method: 'POST', path: '/company/logo', response: logoOut });

export const removeLogo = endpoint({
  method: 'DELETE',
  path: '/company/logo/:id',
  params: idParams,
  response: successOut,
});
