import { z } from 'zod';

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
  profilePassword: 'Password must be at least 4 characters',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'This email is already registered',
  resetTokenInvalid: 'This password reset link is invalid or has expired',
} as const;

// Any top-level domain: something@something.something, no spaces.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .regex(EMAIL_RE, { error: message })
    .transform((s) => s.toLowerCase());

const passwordField = z.string({ error: MSG.passwordEmpty }).min(5, { error: MSG.passwordEmpty });

export const signInSchema = z.object({ email: emailField(MSG.emailEmpty), password: passwordField });
export type SignInInput = z.input<typeof signInSchema>;

export const signUpSchema = z
  .object({
    name: z.string({ error: MSG.nameRequired }).trim().min(1, { error: MSG.nameRequired }),
    title: z.string({ error: MSG.titleRequired }).trim().min(1, { error: MSG.titleRequired }),
    email: emailField(MSG.emailEmpty),
    password: passwordField,
    confirm_password: z.string({ error: MSG.passwordsDoNotMatch }).min(1, { error: MSG.passwordsDoNotMatch }),
    company_name: z.string().trim().max(200).optional(),
  })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], error: MSG.passwordsDoNotMatch });
export type SignUpInput = z.input<typeof signUpSchema>;

export const resetRequestSchema = z.object({ email: emailField(MSG.resetEmail) });

const strongPassword = z.string({ error: MSG.strongPassword }).min(5, { error: MSG.strongPassword });

/** The change-password form (new + confirm). */
export const changePasswordFormSchema = z
  .object({
    password: strongPassword,
    confirm_password: z.string({ error: MSG.confirmMatch }).min(5, { error: MSG.confirmMatch }),
  })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], error: MSG.passwordsDontMatch });

/** PUT auth/password {token, password} */
export const setPasswordSchema = z.object({
  token: z.string({ error: MSG.resetTokenInvalid }).min(1, { error: MSG.resetTokenInvalid }),
  password: strongPassword,
});

/** PUT user {name, password} */
export const profileSchema = z.object({
  name: z.string({ error: MSG.profileName }).trim().min(3, { error: MSG.profileName }),
  password: z
    .string()
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 4, { error: MSG.profilePassword }),
});

export const notificationSchema = z.object({
  notifications: z.object({
    email_notification: z.boolean(),
    app_notification: z.boolean(),
  }),
});

export function initials(name: string | null | undefined): string {
  return (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}
