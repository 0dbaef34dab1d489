import type { EndpointArgs } from '@dbo/domain/endpoint';
import * as api from '@dbo/domain/endpoints/auth';
import { invitation } from '@dbo/domain/endpoints/team';
import { useQuery } from '@tanstack/react-query';
import { type Answer, call, endpointQuery } from '../../lib/endpoints';

/** A session's token and its user, as sign-up answers them. */
export type TokenAnswer = Answer<typeof api.signUp>;
export type Invitation = Answer<typeof invitation>;

/** Signs up: a new company, or (with an invitation's token) a member joining the inviting one. */
export const signUp = (body: EndpointArgs<typeof api.signUp>['body']) => call(api.signUp, { body }, { public: true });

/** Mails a password reset link. */
export const requestPasswordReset = (body: { email: string }) => call(api.resetRequest, { body }, { public: true });

/** Sets a new password with the reset link's token. */
export const resetPassword = (token: string, password: string) =>
  call(api.setPassword, { body: { token, password } }, { public: true });

/** The invitation behind a mail's link (who invites, to which role); not retried. */
export function useInvitation(token: string) {
  return useQuery({
    ...endpointQuery(['invitation', token], invitation, { query: { token } }, { public: true }),
    retry: false,
  });
}
