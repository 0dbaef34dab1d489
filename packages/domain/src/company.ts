import { z } from 'zod';
import { DEFAULTS, INVOICE_STATUSES } from './constants.js';
import {
  addressCardShape,
  boundedText,
  dbId,
  LIMITS,
  numberFromText,
  optionalNote,
  optionalText,
  requiredText,
  zipCode,
  timestampOut,
} from './primitives.js';

export const COMPANY_MSG = {
  name: 'Company name is required',
  address: 'Address is required',
  city: 'City is required',
  state: 'State is required',
  zip: 'Zip is required',
  tabcId: 'TABC ID is required',
  startingInvoiceNumber: 'Starting invoice number must be a number of at least 1',
  stampThreshold: 'Stamp threshold must be between 1 and 5000',
  taxRate: 'Tax rate must be between 0 and 100 with at most 2 decimals',
  subdomain: 'Subdomain is required while online ordering is active',
  subdomainFormat: 'Subdomain may contain lower-case letters, digits and hyphens only',
  fintechId: 'Fintech ID is required while Fintech is enabled',
  defaultInvoiceStatus: 'Default invoice status must be one of the invoice statuses',
} as const;

const intLike = (message: string, min: number, max: number = LIMITS.maxId) =>
  z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/**
 * 0..100 with at most 2 decimals; numeric strings accepted. null and '' are refused (they are
 * no rate; saving them as 0 would silently drop the tax). Absent: the default rate.
 */
const taxRate = z
  .preprocess(
    numberFromText,
    z
      .number({ error: COMPANY_MSG.taxRate })
      .finite({ error: COMPANY_MSG.taxRate })
      .min(0, { error: COMPANY_MSG.taxRate })
      .max(100, { error: COMPANY_MSG.taxRate })
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: COMPANY_MSG.taxRate }),
  )
  .default(DEFAULTS.taxRate);

export interface CompanyRuleContext {
  /** subdomain is required only when the order feature is active */
  orderActive: boolean;
}

/** PUT /company/{id}: the company's settings, with the rules that need no context. */
export const companyBodySchema = z
  .object({
    name: requiredText(COMPANY_MSG.name, 'Company name'),
    address: requiredText(COMPANY_MSG.address, 'Address'),
    city: requiredText(COMPANY_MSG.city, 'City'),
    state: requiredText(COMPANY_MSG.state, 'State', 32),
    zip: zipCode(COMPANY_MSG.zip),
    tabc_id: requiredText(COMPANY_MSG.tabcId, 'TABC ID', 32),
    has_fintech: z.boolean().default(false),
    fintech_id: optionalText('Fintech ID'),
    show_prices: z.boolean().default(true),
    allow_backorders: z.boolean().default(true),
    sort_inv_products: z.boolean().default(false),
    default_invoice_note: optionalNote('Default invoice note'),
    starting_invoice_number: intLike(COMPANY_MSG.startingInvoiceNumber, 1).default(DEFAULTS.startingInvoiceNumber),
    subdomain: boundedText('Subdomain', 63, COMPANY_MSG.subdomainFormat)
      .trim()
      .toLowerCase()
      .nullish()
      .transform((v) => v || null),
    default_invoice_status: z.enum(INVOICE_STATUSES, { error: COMPANY_MSG.defaultInvoiceStatus }).default('draft'),
    default_logo_id: dbId('Default logo').nullish(),
    cash_on_delivery: z.boolean().default(false),
    stamp_threshold: intLike(COMPANY_MSG.stampThreshold, 1, 5000).default(DEFAULTS.stampThreshold),
    tax_rate: taxRate,
  })
  .superRefine((v, c) => {
    if (v.subdomain && !/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(v.subdomain))
      c.addIssue({ code: 'custom', path: ['subdomain'], message: COMPANY_MSG.subdomainFormat });
    if (v.has_fintech && !v.fintech_id)
      c.addIssue({ code: 'custom', path: ['fintech_id'], message: COMPANY_MSG.fintechId });
  });
export type CompanyBody = z.output<typeof companyBodySchema>;

/** The subdomain rule that depends on the company's features (the server checks it after parsing). */
export function subdomainIssue(v: { subdomain: string | null }, ctx: CompanyRuleContext): string | null {
  return ctx.orderActive && !v.subdomain ? COMPANY_MSG.subdomain : null;
}

/** The company form's whole rule: the body schema and the subdomain rule of the features. */
export function companySchema(ctx: CompanyRuleContext) {
  return companyBodySchema.superRefine((v, c) => {
    const issue = subdomainIssue(v, ctx);
    if (issue) c.addIssue({ code: 'custom', path: ['subdomain'], message: issue });
  });
}
export type CompanyInput = z.input<ReturnType<typeof companySchema>>;
export type CompanyValues = z.output<ReturnType<typeof companySchema>>;

export const featureToggleSchema = z.object({
  name: boundedText('Feature', 64).min(1),
  active: z.boolean(),
});

// ---- answers ------------------------------------------------------------------------------------

/** A company as the API answers it (the number counters stay inside). */
export const companyOut = z.object({
  ...addressCardShape,
  has_fintech: z.boolean(),
  fintech_id: z.string(),
  show_prices: z.boolean(),
  allow_backorders: z.boolean(),
  sort_inv_products: z.boolean(),
  default_invoice_note: z.string(),
  starting_invoice_number: z.number(),
  subdomain: z.string().nullable(),
  default_invoice_status: z.string(),
  default_logo_id: z.number().nullable(),
  cash_on_delivery: z.boolean(),
  stamp_threshold: z.number(),
  tax_rate: z.number(),
  created_at: timestampOut,
  updated_at: timestampOut,
});

export const logoOut = z.object({
  id: z.number(),
  path: z.string(),
  originalname: z.string(),
  mimetype: z.string(),
  size: z.number(),
});

export const featureToggleOut = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  ignore_pricing: z.boolean(),
  access_requested: z.boolean(),
});

export const successOut = z.object({ success: z.boolean() });
