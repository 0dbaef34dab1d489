import { invitation } from '@dbo/domain/endpoints/customer-app';
import * as session from '@dbo/domain/endpoints/customer-app-session';
import { useQuery } from '@tanstack/react-query';
import { type Answer, type EndpointArgs, call, endpointQuery } from '../../lib/endpoints';

/** The customer user's token is kept apart from the staff token. */
export const CUSTOMER_TOKEN_KEY = 'dbo.customerToken';

/** A sign-in's or sign-up's answer: the customer token and the signed-in customer user. */
export type CustomerAuthAnswer = Answer<typeof session.customerSignIn>;
export type CustomerAppUser = CustomerAuthAnswer['customerUser'];
/** What the sign-up form asks (the invitation's token comes from the link). */
export type SignUpFields = Omit<EndpointArgs<typeof session.customerSignUp>['body'], 'token'>;

export async function customerSignIn(email: string, password: string) {
  const res = await call(session.customerSignIn, { body: { email, password } }, { public: true });
  localStorage.setItem(CUSTOMER_TOKEN_KEY, res.access_token);
  return res.customerUser;
}

export async function customerSignUp(body: EndpointArgs<typeof session.customerSignUp>['body']) {
  const res = await call(session.customerSignUp, { body }, { public: true });
  localStorage.setItem(CUSTOMER_TOKEN_KEY, res.access_token);
  return res.customerUser;
}

/** The shop an invitation's token belongs to (the old sign-up link forwards there); not retried. */
export function useInvitationShop(token: string) {
  return useQuery({
    ...endpointQuery(['invitation-shop', token], invitation, { query: { token } }, { public: true }),
    enabled: !!token,
    retry: false,
  });
}
