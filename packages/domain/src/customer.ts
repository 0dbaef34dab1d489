import { z } from 'zod';
import { emailField } from './auth.js';
import { DEFAULTS } from './constants.js';
import { addDays, daysBetween, todayInTexas } from './dates.js';

export const CUSTOMER_MSG = {
  name: 'Name is required',
  address: 'Address is required',
  city: 'City is required',
  state: 'State is required',
  zip: 'Zip is required',
  tabcId: 'TABC ID is required',
  tabcFormat: 'TABC permit code must be two letters, an optional hyphen and six digits (e.g. MB-123456)',
  contactEmail: 'Please enter a valid contact email',
  fintechId: "Fintech ID can't be empty while Fintech Option is enabled",
  aimsId: 'AIMS ID must be a whole number',
  priceTier: 'The price tier does not exist',
  notFound: 'Customer Not Found',
  autoFillQuery: 'Please type at least 3 characters',
  // customer users and invitations
  invitationName: 'User name is required !',
  invitationEmail: "Email can't be an empty field !",
  emailRegistered: 'This email is already registered',
  userNotFound: 'Customer user not found',
  invitationInvalid: 'This invitation link is invalid or has expired',
  invitationRevoked: 'This invitation has been revoked',
  alreadySignedUp: 'This invitation has already been used. Please sign in.',
  accessRevoked: 'Your access has been revoked. Please contact your distributor.',
  accessDisabled: 'Your access has been disabled. Please contact your distributor.',
  invalidCredentials: 'Invalid email or password',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordShort: "Password can't be an empty field",
} as const;

/** Two letters, an optional hyphen, six digits: MB123456 or MB-123456. */
export const PERMIT_CODE_RE = /^[A-Za-z]{2}-?\d{6}$/;

export function isPermitCode(value: string | null | undefined): boolean {
  return !!value && PERMIT_CODE_RE.test(value.trim());
}

/** Upper case without spaces or hyphens, as permit codes are matched: 'mb-123456' -> 'MB123456'. */
export function normalizeTabcId(value: string | null | undefined): string {
  return (value ?? '').replace(/[\s-]/g, '').toUpperCase();
}

export interface TabcIdParts {
  tabc_id?: string | null;
  aims_id?: number | string | null;
  aims_license_type?: string | null;
}

/**
 * The TABC id is aims_license_type followed by aims_id when both exist and aims_id is at least 1;
 * otherwise the tabc_id field.
 */
export function buildTabcId(v: TabcIdParts): string {
  const type = (v.aims_license_type ?? '').trim().toUpperCase();
  const aims = v.aims_id === null || v.aims_id === undefined || v.aims_id === '' ? Number.NaN : Number(v.aims_id);
  if (type && Number.isInteger(aims) && aims >= 1) return `${type}${aims}`;
  return (v.tabc_id ?? '').trim().toUpperCase();
}

/** True when the TABC id comes from the AIMS fields rather than the tabc_id field. */
export function tabcIdFromAims(v: TabcIdParts): boolean {
  const aims = Number(v.aims_id);
  return !!(v.aims_license_type ?? '').trim() && Number.isInteger(aims) && aims >= 1 && v.aims_id !== '';
}

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });
const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v ?? '');
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /customer and PUT /customer/{id}; the server applies the TABC id rule after parsing. */
export const customerSchema = z
  .object({
    name: required(CUSTOMER_MSG.name),
    address: required(CUSTOMER_MSG.address),
    city: required(CUSTOMER_MSG.city),
    state: z
      .string({ error: CUSTOMER_MSG.state })
      .trim()
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : DEFAULTS.state)),
    zip: required(CUSTOMER_MSG.zip),
    tabc_id: optionalText,
    aims_id: z
      .union([z.number(), z.string()], { error: CUSTOMER_MSG.aimsId })
      .nullish()
      .transform((v, c) => {
        if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
        const n = Number(v);
        if (!Number.isInteger(n)) {
          c.addIssue({ code: 'custom', message: CUSTOMER_MSG.aimsId });
          return z.NEVER;
        }
        return n;
      }),
    aims_license_type: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : null)),
    ydk_est_id: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null),
    contact_name: optionalText,
    contact_email: optionalText.refine((v) => v === '' || EMAIL_RE.test(v), { error: CUSTOMER_MSG.contactEmail }),
    contact_phone: optionalText,
    cash_on_delivery: z.boolean().nullish().transform(Boolean),
    fintech_option: z.boolean().nullish().transform(Boolean),
    fintech_id: optionalText,
    product_price_tier_id: z.coerce
      .number({ error: CUSTOMER_MSG.priceTier })
      .int({ error: CUSTOMER_MSG.priceTier })
      .positive({ error: CUSTOMER_MSG.priceTier })
      .nullish()
      .transform((v) => v ?? null),
    service_start: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v.slice(0, 10) : null)),
  })
  .superRefine((v, c) => {
    const fromAims = tabcIdFromAims(v);
    const tabc = buildTabcId(v);
    if (!tabc) c.addIssue({ code: 'custom', path: ['tabc_id'], message: CUSTOMER_MSG.tabcId });
    else if (!fromAims && !isPermitCode(tabc))
      c.addIssue({ code: 'custom', path: ['tabc_id'], message: CUSTOMER_MSG.tabcFormat });
    if (v.fintech_option && !v.fintech_id)
      c.addIssue({ code: 'custom', path: ['fintech_id'], message: CUSTOMER_MSG.fintechId });
  })
  .transform((v) => ({ ...v, tabc_id: buildTabcId(v) }));
export type CustomerInput = z.input<typeof customerSchema>;
export type CustomerValues = z.output<typeof customerSchema>;

/** The fields the save-confirmation dialog lists, in order, with their labels. */
export const CUSTOMER_FIELD_LABELS: [keyof CustomerValues | 'productPriceTier', string][] = [
  ['name', 'Name'],
  ['address', 'Address'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'Zip'],
  ['tabc_id', 'TABC ID'],
  ['aims_license_type', 'AIMS License Type'],
  ['aims_id', 'AIMS ID'],
  ['contact_name', 'Contact Name'],
  ['contact_email', 'Contact Email'],
  ['contact_phone', 'Contact Phone'],
  ['cash_on_delivery', 'Cash On Delivery'],
  ['fintech_option', 'Fintech Option'],
  ['fintech_id', 'Fintech ID'],
  ['productPriceTier', 'Price Tier'],
  ['service_start', 'Service Start'],
];

export const autoFillQuerySchema = z.object({
  query: z.string({ error: CUSTOMER_MSG.autoFillQuery }).trim().min(DEFAULTS.quickSearchMinChars, {
    error: CUSTOMER_MSG.autoFillQuery,
  }),
});

// ---- TABC permit expiry -------------------------------------------------------------------

export interface TabcExpiration {
  tabc_id: string;
  expiration_date: string | null;
  isExpired: boolean;
  /** days from today to the expiration date (negative once expired); null when unknown */
  expiringInDays: number | null;
  delinquency: { effective_date: string } | null;
}

export function tabcExpiration(
  tabcId: string,
  expirationDate: string | null | undefined,
  delinquentSince: string | null | undefined,
  today: string = todayInTexas(),
): TabcExpiration {
  const exp = expirationDate ?? null;
  const days = exp ? daysBetween(today, exp) : null;
  return {
    tabc_id: tabcId,
    expiration_date: exp,
    isExpired: days !== null && days < 0,
    expiringInDays: days,
    delinquency: delinquentSince ? { effective_date: delinquentSince } : null,
  };
}

export type PermitWarningLevel = 'expired' | 'expiring' | 'delinquent';

/** The warnings to show for a customer's permit (expired, under 30 days to expiry, delinquent list). */
export function permitWarnings(info: TabcExpiration | null | undefined): { level: PermitWarningLevel; text: string }[] {
  if (!info) return [];
  const out: { level: PermitWarningLevel; text: string }[] = [];
  if (info.isExpired) out.push({ level: 'expired', text: `TABC permit ${info.tabc_id} has expired` });
  else if (info.expiringInDays !== null && info.expiringInDays < DEFAULTS.permitWarningDays) {
    const d = info.expiringInDays;
    out.push({
      level: 'expiring',
      text: `TABC permit ${info.tabc_id} expires ${d === 0 ? 'today' : d === 1 ? 'in 1 day' : `in ${d} days`}`,
    });
  }
  if (info.delinquency) out.push({ level: 'delinquent', text: `${info.tabc_id} is on the TABC delinquent list` });
  return out;
}

/** Re-exported for callers that compute a permit's expiry window. */
export const permitWarningDate = (today: string = todayInTexas()) => addDays(today, DEFAULTS.permitWarningDays);

// ---- Customer users -------------------------------------------------------------------------

export const invitationSchema = z.object({
  values: z.object(
    {
      name: z
        .string({ error: CUSTOMER_MSG.invitationName })
        .trim()
        .min(3, { error: CUSTOMER_MSG.invitationName })
        .max(40, { error: CUSTOMER_MSG.invitationName }),
      email: emailField(CUSTOMER_MSG.invitationEmail),
      tabc_id: z
        .string()
        .trim()
        .nullish()
        .transform((v) => v || null),
    },
    { error: CUSTOMER_MSG.invitationName },
  ),
  /** the customer id, or the customer object */
  customer: z.union([z.coerce.number().int().positive(), z.looseObject({ id: z.coerce.number().int().positive() })], {
    error: CUSTOMER_MSG.notFound,
  }),
});
export type InvitationInput = z.input<typeof invitationSchema>;

const customerUserRef = z.union(
  [z.coerce.number().int().positive(), z.looseObject({ id: z.coerce.number().int().positive() })],
  { error: CUSTOMER_MSG.userNotFound },
);
export const refId = (v: number | { id: number }) => (typeof v === 'number' ? v : v.id);

export const revokeSchema = z.object({ revoke: z.boolean(), customerUser: customerUserRef });
export const permissionSchema = z.object({ permission: z.boolean(), customerUser: customerUserRef });
export const notificationPreferencesSchema = z.object({
  preferences: z.object({
    app_notification: z.boolean().optional(),
    email_notification: z.boolean().optional(),
    sms_notification: z.boolean().optional(),
  }),
  customerUser: customerUserRef,
});

/** The customer app's sign-up page (/signup?name&email&tabc_id&token). */
export const customerSignUpSchema = z
  .object({
    token: z.string({ error: CUSTOMER_MSG.invitationInvalid }).min(1, { error: CUSTOMER_MSG.invitationInvalid }),
    name: z
      .string({ error: CUSTOMER_MSG.invitationName })
      .trim()
      .min(3, { error: CUSTOMER_MSG.invitationName })
      .max(40, { error: CUSTOMER_MSG.invitationName }),
    email: emailField(CUSTOMER_MSG.invitationEmail),
    phone_number: optionalText,
    password: z.string({ error: CUSTOMER_MSG.passwordShort }).min(5, { error: CUSTOMER_MSG.passwordShort }),
    confirm_password: z
      .string({ error: CUSTOMER_MSG.passwordsDoNotMatch })
      .min(1, { error: CUSTOMER_MSG.passwordsDoNotMatch }),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    error: CUSTOMER_MSG.passwordsDoNotMatch,
  });
export type CustomerSignUpInput = z.input<typeof customerSignUpSchema>;

export interface CustomerUserAccess {
  is_enable: boolean;
  revoked: boolean;
}
export type AccessLabel = 'Enabled' | 'Disabled' | 'Revoked';

export function accessLabel(u: CustomerUserAccess): AccessLabel {
  if (u.revoked) return 'Revoked';
  return u.is_enable ? 'Enabled' : 'Disabled';
}

export type CustomerUserAction = 'revoke' | 'enable' | 'disable' | 'reactivate';

/**
 * Actions offered for a customer user: a revoked user can only be re-activated; otherwise access
 * can be revoked, and enabled or disabled depending on the current state.
 */
export function customerUserActions(u: CustomerUserAccess): CustomerUserAction[] {
  if (u.revoked) return ['reactivate'];
  return u.is_enable ? ['disable', 'revoke'] : ['enable', 'revoke'];
}

/** A user who has never signed in has a pending invitation. */
export const isPendingInvitation = (u: { last_sign_in_at?: string | Date | null }) => !u.last_sign_in_at;

// ---- Balance --------------------------------------------------------------------------------

/** Invoices that count toward the balance: issued (not draft), not cancelled, not fully paid. */
export const BALANCE_EXCLUDED_STATUSES = ['draft', 'paid', 'cancelled'] as const;
