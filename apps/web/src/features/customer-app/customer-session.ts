import { invitation } from '@dbo/domain/endpoints/customer-app';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api';
import { endpointQuery } from '../../lib/endpoints';

/** The customer user's token is kept apart from the staff token. */
export const CUSTOMER_TOKEN_KEY = 'dbo.customerToken';

export interface CustomerAppUser {
  id: number;
  name: string;
  email: string;
  customer: { id: number; name: string; address: string; city: string; tabc_id: string } | null;
}

export interface CustomerAuthAnswer {
  access_token: string;
  customerUser: CustomerAppUser;
}

export async function customerSignIn(email: string, password: string) {
  const res = await request<CustomerAuthAnswer>('POST', '/customer-app/signin', {
    body: { email, password },
    public: true,
  });
  localStorage.setItem(CUSTOMER_TOKEN_KEY, res.access_token);
  return res.customerUser;
}

export async function customerSignUp(body: Record<string, unknown>) {
  const res = await request<CustomerAuthAnswer>('POST', '/customer-app/signup', { body, public: true });
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
