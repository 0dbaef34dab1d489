import { z } from 'zod';
import { FEATURE_NAMES } from './features.js';
import { dbId, timestampOut } from './primitives.js';

/**
 * The operator: the people who run this installation for its companies. With OPERATOR_TOKEN set,
 * /api/v1/operator/* answers to `Authorization: Bearer <OPERATOR_TOKEN>`; without it those routes
 * do not exist (404, absent from the OpenAPI document).
 */
export const OPERATOR_MSG = {
  tokenRequired: 'Operator token required',
  companyNotFound: 'Company not found',
  unknownFeature: 'Unknown feature',
  comingSoon: 'This feature is coming soon',
  ignorePricingPos: 'ignore_pricing applies only to Bottle POS and Clover',
  active: 'active must be true or false',
  ignorePricing: 'ignore_pricing must be true or false',
} as const;

/** The features whose company row may carry ignore_pricing (spec 1: pricing is not blocking). */
export const PRICING_FEATURES = ['bottle_pos', 'clover'] as const;

export const operatorCompanyOut = z.object({
  id: z.number(),
  name: z.string(),
  created_at: timestampOut,
  /** staff users who are not removed (invited ones included) */
  users: z.number(),
  active_features: z.array(z.string()),
  /** gated features whose access the company requested and nobody granted yet */
  open_requests: z.array(z.string()),
  /** bottle_pos / clover rows with ignore_pricing set */
  ignore_pricing: z.array(z.string()),
});
export type OperatorCompany = z.infer<typeof operatorCompanyOut>;

export const operatorFeatureRequestOut = z.object({
  company_id: z.number(),
  company_name: z.string(),
  feature: z.string(),
  title: z.string(),
  requested_at: timestampOut,
  /** open: requested and not active; granted: active since */
  status: z.enum(['open', 'granted']),
});
export type OperatorFeatureRequest = z.infer<typeof operatorFeatureRequestOut>;

export const operatorFeatureParams = z.object({
  id: dbId('Company id'),
  name: z.string().max(64, { error: OPERATOR_MSG.unknownFeature }),
});

export const operatorFeatureBody = z.object(
  {
    active: z.boolean({ error: OPERATOR_MSG.active }),
    ignore_pricing: z.boolean({ error: OPERATOR_MSG.ignorePricing }).optional(),
  },
  { error: 'Send {active, ignore_pricing?}' },
);
export type OperatorFeatureBody = z.infer<typeof operatorFeatureBody>;

export const operatorFeatureOut = z.object({
  company_id: z.number(),
  name: z.enum(FEATURE_NAMES),
  active: z.boolean(),
  ignore_pricing: z.boolean(),
  access_requested: z.boolean(),
  /** the company's owners were mailed (a requested feature granted) */
  owners_mailed: z.number(),
});
export type OperatorFeature = z.infer<typeof operatorFeatureOut>;
