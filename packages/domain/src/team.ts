import { z } from 'zod';
import { emailField, signUpSchema } from './auth.js';
import { ROLES } from './permissions.js';
import { boundedText, LIMITS, timestampOut } from './primitives.js';

export const TEAM_MSG = {
  roleInvalid: `Please choose a role: ${ROLES.join(', ')}`,
  nameRequired: 'Name is required',
  emailInvalid: 'Please insert a valid email address',
  nothingToChange: 'Please give a role or active',
  lastOwner: (verb: 'removed' | 'disabled' | 'demoted') =>
    `The company's last active owner cannot be ${verb}; make another user an owner first`,
  notInvited: 'This user has already signed up',
  invitationInvalid: 'This invitation link is invalid or has expired',
  disabled: 'This account has been disabled; ask the company owner',
  userNotFound: 'User not found',
  removeSelf: 'You cannot remove yourself',
} as const;

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

export const roleField = z.enum(ROLES, { error: TEAM_MSG.roleInvalid });

/** POST /company/user-invitation */
export const invitationSchema = z.object({
  name: boundedText('Name', LIMITS.shortText, TEAM_MSG.nameRequired).trim().min(1, { error: TEAM_MSG.nameRequired }),
  email: emailField(TEAM_MSG.emailInvalid),
  role: roleField,
});
export type InvitationInput = z.input<typeof invitationSchema>;

/** PUT /company/users/{id} */
export const teamUserUpdateSchema = z
  .object({ role: roleField.optional(), active: z.boolean({ error: 'active must be true or false' }).optional() })
  .refine((v) => v.role !== undefined || v.active !== undefined, { error: TEAM_MSG.nothingToChange });

export const TEAM_STATUSES = ['active', 'invited', 'disabled'] as const;

export const teamUserOut = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.enum(TEAM_STATUSES),
  active: z.boolean(),
  last_sign_in_at: timestampOut.nullable(),
  invited_at: timestampOut.nullable(),
  created_at: timestampOut,
});
export type TeamUser = z.infer<typeof teamUserOut>;

const INVITED_PLACEHOLDER_EMAIL = 'invitee@invitation.invalid';

/**
 * POST /auth/signup: a new company's owner {name, title, email, password, confirm_password}, or
 * with an invitation `token` {token, name, password, confirm_password}: the invitee joins the
 * inviting company with the invited email and role (email and title are then not asked).
 */
export const signUpBodySchema = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object') return v;
    const body = v as Record<string, unknown>;
    if (typeof body.token !== 'string' || body.token === '') return v;
    return { ...body, title: body.title || 'Staff', email: INVITED_PLACEHOLDER_EMAIL };
  },
  z.intersection(
    signUpSchema,
    z.object({
      token: boundedText('Invitation token', 512, TEAM_MSG.invitationInvalid)
        .min(1, { error: TEAM_MSG.invitationInvalid })
        .optional(),
    }),
  ),
);
export type SignUpBody = z.output<typeof signUpBodySchema>;

/** GET /auth/invitation?token: who is invited, as what, by which company */
export const invitationLookupQuery = z.object({
  token: boundedText('Invitation token', 512, TEAM_MSG.invitationInvalid).min(1, { error: TEAM_MSG.invitationInvalid }),
});
export const invitationLookupOut = z.object({
  name: z.string(),
  email: z.string(),
  role: z.string(),
  company: z.string(),
});
