/** The team module's endpoints: Settings → Team (the owner's staff users) and the invitation link's lookup. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { idParams } from '../primitives.js';
import {
  invitationLookupOut,
  invitationLookupQuery,
  invitationSchema,
  teamUserOut,
  teamUserUpdateSchema,
} from '../team.js';

export const teamUsers = endpoint({ method: 'GET', path: '/company/users', response: z.array(teamUserOut) });

/** invites a staff user by mail */
export const inviteUser = endpoint({
  method: 'POST',
  path: '/company/user-invitation',
  body: invitationSchema,
  response: teamUserOut,
});

export const resendInvitation = endpoint({
  method: 'POST',
  path: '/company/users/:id/resend',
  params: idParams,
  response: teamUserOut,
});

/** a role or active changed; a disabled user's sessions end */
export const updateTeamUser = endpoint({
  method: 'PUT',
  path: '/company/users/:id',
  params: idParams,
  body: teamUserUpdateSchema,
  response: teamUserOut,
});

export const removeTeamUser = endpoint({
  method: 'DELETE',
  path: '/company/users/:id',
  params: idParams,
  response: z.object({ success: z.boolean() }),
});

/** what the invitation link's sign-up page shows (no token needed) */
export const invitation = endpoint({
  method: 'GET',
  path: '/auth/invitation',
  query: invitationLookupQuery,
  response: invitationLookupOut,
});
