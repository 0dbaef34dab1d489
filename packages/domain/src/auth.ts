import { z } from 'zod';
import { companyOut, logoOut } from './company.js';
import { boundedText, LIMITS, timestampOut } from './primitives.js';

export const MSG = {
  emailEmpty: "Email can't be an empty field",
  passwordEmpty: "Password can't be an empty field",
  passwordsDoNotMatch: 'Passwords do not match',
  resetEmail: 'Please insert a valid email address',
  strongPassword: 'Please input a strong password',
  confirmMatch: 'Please make sure "confirm password" input matches your password',
  passwordsDontMatch: "Passwords don't match",
  nameRequired: 'Name is required',
  titleRequired: 'Title is required',
  profileName: 'Name must be at least 3 characters',
  profilePassword: 'Password must be at least 8 characters',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooCommon: 'This password is one of the most common: please choose another',
  currentPasswordRequired: 'Current password is required to set a new password',
  currentPasswordWrong: 'Current password is incorrect',
  tooManyAttempts: 'Too many attempts, please try again later',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'This email is already registered',
  resetTokenInvalid: 'This password reset link is invalid or has expired',
} as const;

// Any top-level domain: something@something.something, no spaces.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's password length (sign-in form): shorter is answered with the spec's message. */
export const PASSWORD_MIN = 5;
/**
 * A password being set (sign-up, reset, change, invitation) has at least this many characters
 * (issue 35); the server also refuses the 10,000 most common passwords. Signing in with an older,
 * shorter password still works.
 */
export const NEW_PASSWORD_MIN = 8;
/** Hashing cost grows with the input; nobody types more than this. */
export const PASSWORD_MAX = 200;

/**
 * An email field. The spec gives one message per form; it names the empty field, so a typed value
 * that is not an address may say so instead (`invalid`, issue 36). Default: the one message.
 */
export const emailField = (message: string, invalid: string = message) =>
  boundedText('Email', LIMITS.shortText, message)
    .trim()
    .min(1, { error: message, abort: true })
    .regex(EMAIL_RE, { error: invalid })
    .transform((s) => s.toLowerCase());

/** Empty: `message`; typed but under PASSWORD_MIN: `short` (default the same message). */
const password = (message: string, short: string = message) =>
  boundedText('Password', PASSWORD_MAX, message)
    .min(1, { error: message, abort: true })
    .min(PASSWORD_MIN, { error: short });

const passwordField = password(MSG.passwordEmpty);

/**
 * A password being set: under the spec's minimum, the spec's message for that field; under
 * NEW_PASSWORD_MIN, 'Password must be at least 8 characters'.
 */
export const newPassword = (message: string, short: string = message) =>
  password(message, short).refine((v) => v.length >= NEW_PASSWORD_MIN, {
    error: MSG.passwordTooShort,
    abort: true,
    when: (payload) => typeof payload.value === 'string' && payload.value.length >= PASSWORD_MIN,
  });
/** Spec 1: one message per field ('Email can't be an empty field' for an empty or invalid address). */
export const signInSchema = z.object({ email: emailField(MSG.emailEmpty), password: passwordField });
export type SignInInput = z.input<typeof signInSchema>;

/**
 * A 'confirm password' check that runs as soon as both password fields are strings, whatever the
 * other fields hold: a whole-object refinement would otherwise wait until every field passes, so
 * the form could not show the mismatch next to another field's message (issue 22).
 */
function confirmMatches<T extends z.ZodObject>(schema: T, message: string) {
  return schema.refine((v: Record<string, unknown>) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    error: message,
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | undefined;
      return typeof v?.password === 'string' && typeof v?.confirm_password === 'string';
    },
  });
}

export const signUpSchema = confirmMatches(
  z.object({
    name: boundedText('Name', LIMITS.shortText, MSG.nameRequired).trim().min(1, { error: MSG.nameRequired }),
    title: boundedText('Title', LIMITS.shortText, MSG.titleRequired).trim().min(1, { error: MSG.titleRequired }),
    email: emailField(MSG.emailEmpty),
    password: newPassword(MSG.passwordEmpty),
    confirm_password: boundedText('Confirm password', PASSWORD_MAX, MSG.passwordsDoNotMatch).min(1, {
      error: MSG.passwordsDoNotMatch,
    }),
    company_name: boundedText('Company name', 200).trim().optional(),
  }),
  MSG.passwordsDoNotMatch,
);
export type SignUpInput = z.input<typeof signUpSchema>;

export const resetRequestSchema = z.object({ email: emailField(MSG.resetEmail) });

const strongPassword = newPassword(MSG.strongPassword);

/** The change-password form (new + confirm). */
export const changePasswordFormSchema = confirmMatches(
  z.object({
    password: strongPassword,
    confirm_password: password(MSG.confirmMatch),
  }),
  MSG.passwordsDontMatch,
);

/** PUT auth/password {token, password} */
export const setPasswordSchema = z.object({
  token: boundedText('Token', 512, MSG.resetTokenInvalid).min(1, { error: MSG.resetTokenInvalid }),
  password: strongPassword,
});

/**
 * PUT user {name, password?, current_password?}: a new password needs the current one (checked
 * by the server); an empty password keeps the current one.
 */
export const profileSchema = z
  .object({
    name: boundedText('Name', LIMITS.shortText, MSG.profileName).trim().min(3, { error: MSG.profileName }),
    password: boundedText('Password', PASSWORD_MAX)
      .optional()
      .nullable()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || v.length >= NEW_PASSWORD_MIN, { error: MSG.profilePassword }),
    current_password: boundedText('Current password', PASSWORD_MAX)
      .optional()
      .nullable()
      .transform((v) => (v ? v : undefined)),
  })
  .refine((v) => v.password === undefined || v.current_password !== undefined, {
    path: ['current_password'],
    error: MSG.currentPasswordRequired,
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | undefined;
      return typeof v?.password === 'string' && v.password.length > 0;
    },
  });
export type ProfileInput = z.input<typeof profileSchema>;

export const notificationSchema = z.object({
  notifications: z.object({
    email_notification: z.boolean(),
    app_notification: z.boolean(),
  }),
});

// ---- answers ----

export const successOut = z.object({ success: z.boolean() });

export const featureStateOut = z.object({
  name: z.string(),
  active: z.boolean(),
  ignore_pricing: z.boolean(),
  access_requested: z.boolean(),
});

export { logoOut };

/** The company as the signed-in user sees it (no number counters). */
export const sessionCompanyOut = companyOut.extend({
  companyFeatures: z.array(featureStateOut),
  logos: z.array(logoOut),
});

/** The signed-in user as validate_token, sign-in and PUT user answer it (never the hash). */
export const sessionUserOut = z.object({
  id: z.number(),
  company_id: z.number(),
  email: z.string(),
  name: z.string(),
  title: z.string(),
  role: z.string(),
  app_notification: z.boolean(),
  email_notification: z.boolean(),
  created_at: timestampOut,
  updated_at: timestampOut,
  company: sessionCompanyOut,
});

export const tokenOut = z.object({ access_token: z.string(), user: sessionUserOut });
export const userOut = z.object({ user: sessionUserOut });
export const notificationOut = z.object({
  notification: z.object({ email_notification: z.boolean(), app_notification: z.boolean() }),
});
export const notificationUpdatedOut = z.object({ notification: z.object({ user: sessionUserOut }) });

/**
 * What is wrong with a typed value, in its own words, shown under the spec's message of the field
 * (issue 36: 'not-an-email' read only "Email can't be an empty field"). The spec's messages stay the
 * fields' errors; this is the line beneath them. Empty values need no hint: the message says it.
 */
export function authFieldHint(
  field: 'email' | 'password' | 'confirm_password',
  value: unknown,
  password?: unknown,
): string | undefined {
  const v = typeof value === 'string' ? value : '';
  if (field === 'email')
    return v.trim() !== '' && !EMAIL_RE.test(v.trim()) ? 'An email address looks like name@example.com' : undefined;
  if (field === 'password')
    return v !== '' && v.length < PASSWORD_MIN ? `A password has at least ${PASSWORD_MIN} characters` : undefined;
  return v === '' && typeof password === 'string' && password !== '' ? 'Type the password again here' : undefined;
}
