import type * as sessionEndpoints from '@dbo/domain/endpoints/customer-app-session';
import { useQuery } from '@tanstack/react-query';
import { type Answer, callRoute, type EndpointArgs } from '../../lib/endpoints';
import { api, session } from './shop-endpoints';

/** The customer user's token is kept apart from the staff token. */
export const CUSTOMER_TOKEN_KEY = 'dbo.customerToken';

/** A sign-in's or sign-up's answer: the customer token and the signed-in customer user. */
export type CustomerAuthAnswer = Answer<typeof sessionEndpoints.customerSignIn>;
export type CustomerAppUser = CustomerAuthAnswer['customerUser'];
/** What the sign-up form asks (the invitation's token comes from the link). */
export type SignUpFields = Omit<EndpointArgs<typeof sessionEndpoints.customerSignUp>['body'], 'token'>;

export async function customerSignIn(email: string, password: string) {
  const res = await callRoute(session.customerSignIn, { body: { email, password } }, { public: true });
  localStorage.setItem(CUSTOMER_TOKEN_KEY, res.access_token);
  return res.customerUser;
}

export async function customerSignUp(body: EndpointArgs<typeof sessionEndpoints.customerSignUp>['body']) {
  const res = await callRoute(session.customerSignUp, { body }, { public: true });
  localStorage.setItem(CUSTOMER_TOKEN_KEY, res.access_token);
  return res.customerUser;
}

/** The shop an invitation's token belongs to (the old sign-up link forwards there); not retried. */
export function useInvitationShop(token: string) {
  return useQuery({
    queryKey: ['invitation-shop', token],
    queryFn: () => callRoute(api.invitation, { query: { token } }, { public: true }),
    enabled: !!token,
    retry: false,
  });
}
