import { z } from 'zod';
import { DEFAULTS, INVOICE_STATUSES } from './constants.js';

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

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });
const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v ?? '');
const intLike = (message: string, min: number, max?: number) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max ?? Number.MAX_SAFE_INTEGER, { error: message });

export interface CompanyRuleContext {
  /** subdomain is required only when the order feature is active */
  orderActive: boolean;
}

export function companySchema(ctx: CompanyRuleContext) {
  return z
    .object({
      name: required(COMPANY_MSG.name),
      address: required(COMPANY_MSG.address),
      city: required(COMPANY_MSG.city),
      state: required(COMPANY_MSG.state),
      zip: required(COMPANY_MSG.zip),
      tabc_id: required(COMPANY_MSG.tabcId),
      has_fintech: z.boolean().default(false),
      fintech_id: optionalText,
      show_prices: z.boolean().default(true),
      sort_inv_products: z.boolean().default(false),
      default_invoice_note: optionalText,
      starting_invoice_number: intLike(COMPANY_MSG.startingInvoiceNumber, 1).default(DEFAULTS.startingInvoiceNumber),
      subdomain: z
        .string()
        .trim()
        .toLowerCase()
        .nullish()
        .transform((v) => v || null),
      default_invoice_status: z.enum(INVOICE_STATUSES, { error: COMPANY_MSG.defaultInvoiceStatus }).default('draft'),
      default_logo_id: z.coerce.number().int().positive().nullish(),
      cash_on_delivery: z.boolean().default(false),
      stamp_threshold: intLike(COMPANY_MSG.stampThreshold, 1, 5000).default(DEFAULTS.stampThreshold),
      tax_rate: z.coerce
        .number({ error: COMPANY_MSG.taxRate })
        .min(0, { error: COMPANY_MSG.taxRate })
        .max(100, { error: COMPANY_MSG.taxRate })
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: COMPANY_MSG.taxRate })
        .default(DEFAULTS.taxRate),
    })
    .superRefine((v, c) => {
      if (ctx.orderActive && !v.subdomain)
        c.addIssue({ code: 'custom', path: ['subdomain'], message: COMPANY_MSG.subdomain });
      if (v.subdomain && !/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(v.subdomain))
        c.addIssue({ code: 'custom', path: ['subdomain'], message: COMPANY_MSG.subdomainFormat });
      if (v.has_fintech && !v.fintech_id)
        c.addIssue({ code: 'custom', path: ['fintech_id'], message: COMPANY_MSG.fintechId });
    });
}
export type CompanyInput = z.input<ReturnType<typeof companySchema>>;
export type CompanyValues = z.output<ReturnType<typeof companySchema>>;

export const featureToggleSchema = z.object({
  name: z.string().min(1),
  active: z.boolean(),
});
