import type { tokenOut } from '@dbo/domain/auth';
import type { invitationLookupOut } from '@dbo/domain/team';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../lib/api';

/** A session's token and its user, as sign-up answers them. */
export type TokenAnswer = z.output<typeof tokenOut>;
export type Invitation = z.output<typeof invitationLookupOut>;

/** Signs up: a new company, or (with an invitation's token) a member joining the inviting one. */
export const signUp = (body: Record<string, string>) =>
  request<TokenAnswer>('POST', '/auth/signup', { body, public: true });

/** Mails a password reset link. */
export const requestPasswordReset = (body: { email: string }) =>
  request('POST', '/auth/reset-request', { body, public: true });

/** Sets a new password with the reset link's token. */
export const resetPassword = (token: string, password: string) =>
  request('PUT', '/auth/password', { body: { token, password }, public: true });

/** The invitation behind a mail's link (who invites, to which role); not retried. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => request<Invitation>('GET', `/auth/invitation?token=${encodeURIComponent(token)}`, { public: true }),
    retry: false,
  });
}
