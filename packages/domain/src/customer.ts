import { z } from 'zod';
import { emailField, newPassword, signInSchema } from './auth.js';
import { DEFAULTS } from './constants.js';
import { gridAnswer } from './grid.js';
import {
  addressCardOut,
  addressShape,
  boundedText,
  customerContactShape,
  calendarDay,
  dbId,
  LIMITS,
  moneyAmount,
  moneyOut,
  optionalText,
  requiredText,
  zipCode,
  timestampOut,
} from './primitives.js';
import { buildTabcId, isPermitCode, tabcIdFromAims } from './tabc-permit.js';

export * from './tabc-permit.js';

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
  preferencesEmpty: 'Choose at least one notification preference',
} as const;

/** int4 */
const AIMS_ID_MAX = LIMITS.maxId;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An email (lower-cased) that fits an indexed text column: bounded, no NUL. */
const boundedEmail = (message: string) => boundedText('Email', LIMITS.shortText, message).pipe(emailField(message));

/** POST /customer and PUT /customer/{id}; the server applies the TABC id rule after parsing. */
export const customerSchema = z
  .object({
    name: requiredText(CUSTOMER_MSG.name, 'Name'),
    address: requiredText(CUSTOMER_MSG.address, 'Address'),
    city: requiredText(CUSTOMER_MSG.city, 'City'),
    state: boundedText('State', 32, CUSTOMER_MSG.state)
      .trim()
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : DEFAULTS.state)),
    zip: zipCode(CUSTOMER_MSG.zip),
    tabc_id: optionalText('TABC ID', 32),
    aims_id: z
      .union([z.number(), boundedText('AIMS ID', 32)], { error: CUSTOMER_MSG.aimsId })
      .nullish()
      .transform((v, c) => {
        if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
        const n = Number(v);
        if (!Number.isInteger(n) || Math.abs(n) > AIMS_ID_MAX) {
          c.addIssue({ code: 'custom', message: CUSTOMER_MSG.aimsId });
          return z.NEVER;
        }
        return n;
      }),
    aims_license_type: boundedText('AIMS license type', 8)
      .trim()
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : null)),
    ydk_est_id: boundedText('YDK establishment id')
      .trim()
      .nullish()
      .transform((v) => v || null),
    contact_name: optionalText('Contact name'),
    contact_email: optionalText('Contact email').refine((v) => v === '' || EMAIL_RE.test(v), {
      error: CUSTOMER_MSG.contactEmail,
    }),
    contact_phone: optionalText('Contact phone'),
    cash_on_delivery: z.boolean().nullish().transform(Boolean),
    fintech_option: z.boolean().nullish().transform(Boolean),
    fintech_id: optionalText('Fintech ID'),
    /** receivables: empty is no limit; absent leaves the stored limit as it is */
    credit_limit: z.preprocess(
      (v) => (v === '' ? null : v),
      moneyAmount('Credit limit')
        .refine((n) => n >= 0, { error: 'Credit limit must not be negative' })
        .nullish()
        .transform((v) => (v === undefined ? undefined : v === null ? null : v.toFixed(2))),
    ),
    product_price_tier_id: z.preprocess(
      (v) => (v === '' ? null : v),
      dbId('Price tier', CUSTOMER_MSG.priceTier)
        .nullish()
        .transform((v) => v ?? null),
    ),
    service_start: z.preprocess(
      (v) => (v === '' ? null : v),
      calendarDay('Service start')
        .nullish()
        .transform((v) => v ?? null),
    ),
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
  ['credit_limit', 'Credit Limit'],
  ['fintech_option', 'Fintech Option'],
  ['fintech_id', 'Fintech ID'],
  ['productPriceTier', 'Price Tier'],
  ['service_start', 'Service Start'],
];

export const autoFillQuerySchema = z.object({
  query: boundedText('Query', 100, CUSTOMER_MSG.autoFillQuery).trim().min(DEFAULTS.quickSearchMinChars, {
    error: CUSTOMER_MSG.autoFillQuery,
  }),
});

// ---- Customer users -------------------------------------------------------------------------

/** The invited user's name, on the invitation and on the sign-up page it leads to. */
const invitationName = z
  .string({ error: CUSTOMER_MSG.invitationName })
  .trim()
  .min(3, { error: CUSTOMER_MSG.invitationName })
  .max(40, { error: CUSTOMER_MSG.invitationName });

export const invitationSchema = z.object({
  values: z.object(
    {
      name: invitationName,
      email: boundedEmail(CUSTOMER_MSG.invitationEmail),
      tabc_id: boundedText('TABC ID', 32)
        .trim()
        .nullish()
        .transform((v) => v || null),
    },
    { error: CUSTOMER_MSG.invitationName },
  ),
  /** the customer id, or the customer object (only its id is read) */
  customer: z.union(
    [dbId('Customer', CUSTOMER_MSG.notFound), z.object({ id: dbId('Customer', CUSTOMER_MSG.notFound) })],
    {
      error: CUSTOMER_MSG.notFound,
    },
  ),
});
export type InvitationInput = z.input<typeof invitationSchema>;

const customerUserRef = z.union(
  [
    dbId('Customer user', CUSTOMER_MSG.userNotFound),
    z.object({ id: dbId('Customer user', CUSTOMER_MSG.userNotFound) }),
  ],
  { error: CUSTOMER_MSG.userNotFound },
);
export const refId = (v: number | { id: number }) => (typeof v === 'number' ? v : v.id);

export const revokeSchema = z.object({ revoke: z.boolean(), customerUser: customerUserRef });
export const permissionSchema = z.object({ permission: z.boolean(), customerUser: customerUserRef });
export const notificationPreferencesSchema = z.object({
  preferences: z
    .object({
      app_notification: z.boolean().optional(),
      email_notification: z.boolean().optional(),
      sms_notification: z.boolean().optional(),
    })
    .refine((p) => Object.values(p).some((v) => v !== undefined), { error: CUSTOMER_MSG.preferencesEmpty }),
  customerUser: customerUserRef,
});

/** The customer app's sign-up page (/signup?name&email&tabc_id&token). */
export const customerSignUpSchema = z
  .object({
    token: boundedText('Token', 128, CUSTOMER_MSG.invitationInvalid).min(1, { error: CUSTOMER_MSG.invitationInvalid }),
    name: invitationName,
    email: boundedEmail(CUSTOMER_MSG.invitationEmail),
    phone_number: optionalText('Phone number'),
    password: newPassword(CUSTOMER_MSG.passwordShort),
    confirm_password: boundedText('Password', 200, CUSTOMER_MSG.passwordsDoNotMatch).min(1, {
      error: CUSTOMER_MSG.passwordsDoNotMatch,
    }),
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

/**
 * Invoices that never count toward the balance: drafts (not issued yet) and cancelled ones. Whether
 * an issued invoice is still owed is decided by its money (total less what was paid and credited),
 * never by a status label: an invoice marked 'paid' by hand but not paid is still owed (issue 30).
 */
export const BALANCE_EXCLUDED_STATUSES = ['draft', 'cancelled'] as const;

/** POST /customer-app/signin: the staff sign-in fields, bounded, and the company's subdomain. */
export const customerSignInSchema = signInSchema.extend({
  email: boundedText('Email', LIMITS.shortText).pipe(signInSchema.shape.email),
  password: boundedText('Password', 200).pipe(signInSchema.shape.password),
  subdomain: boundedText('Subdomain', 63).trim().nullish(),
});

// ---- answers ------------------------------------------------------------------------------------

export const priceTierBriefOut = z.object({
  id: z.number(),
  name: z.string(),
  percentage: z.number(),
  color: z.string(),
  is_base_tier: z.boolean(),
});

/** A customer as the API answers it. */
export const customerOut = z.object({
  id: z.number(),
  company_id: z.number(),
  ...addressShape,
  aims_id: z.number().nullable(),
  aims_license_type: z.string().nullable(),
  ydk_est_id: z.string().nullable(),
  ...customerContactShape,
  service_start: z.string().nullable(),
  /** receivables: null = no limit */
  credit_limit: z.number().nullable().optional(),
  deleted_at: timestampOut.nullable(),
  created_at: timestampOut,
  updated_at: timestampOut,
  deleted: z.boolean(),
  productPriceTier: priceTierBriefOut.nullable(),
  /** Texas credit law (grid and page): delinquent with us / on the imported TABC delinquent list */
  delinquent: z.boolean().optional(),
  tabc_delinquent: z.boolean().optional(),
});
export const customerGridOut = gridAnswer(customerOut);

export const customerBriefOut = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  tabc_id: z.string(),
  deleted_at: timestampOut.nullable(),
});

/** A customer user (customer-app account) as staff and the customer app see it. */
export const customerUserOut = z.object({
  id: z.number(),
  company_id: z.number(),
  customer_id: z.number(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  is_enable: z.boolean(),
  revoked: z.boolean(),
  app_notification: z.boolean(),
  email_notification: z.boolean(),
  sms_notification: z.boolean(),
  invited_at: timestampOut.nullable(),
  invitation_updated_at: timestampOut.nullable(),
  signed_up_at: timestampOut.nullable(),
  last_sign_in_at: timestampOut.nullable(),
  created_at: timestampOut,
  access: z.enum(['Enabled', 'Disabled', 'Revoked']),
  pending_invitation: z.boolean(),
  emailInvitation: z.object({ invited_at: timestampOut, updated_at: timestampOut.nullable() }).nullable(),
  userActivity: z.object({ last_sign_in_at: timestampOut.nullable(), signed_up_at: timestampOut.nullable() }),
  customer: customerBriefOut.nullable(),
});
export const customerUserGridOut = gridAnswer(customerUserOut);

export const customerUserSessionOut = z.object({ access_token: z.string(), customerUser: customerUserOut });

/** An invoice's number, dates and money, as the balance and the customer app's invoice list show them. */
export const customerInvoiceShape = {
  id: z.number(),
  number: z.number(),
  beer: z.boolean(),
  invoiced_at: z.string(),
  due_at: z.string().nullable(),
  total: moneyOut,
  paid_total: moneyOut,
};

export const balanceInvoiceOut = z.object({
  ...customerInvoiceShape,
  owing: moneyOut,
  status: z.string(),
});

export const customerBalanceOut = z.object({
  summary: z.object({ owing: moneyOut }),
  invoices: z.array(balanceInvoiceOut),
  customer: customerOut,
});

/** The seller's header on a public printable page (balance, statement). */
export const printCompanyOut = addressCardOut;

export const balancePrintOut = customerBalanceOut.extend({
  company: printCompanyOut,
  generated_at: z.string(),
});
