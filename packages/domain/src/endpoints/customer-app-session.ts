/**
 * The customer app's sign-in (served by the customers module, `customers.routes.ts`): public, or
 * with the customer token, never the staff one. A file of its own so the shop loads only these.
 */
import { z } from 'zod';
import { customerSignInSchema, customerSignUpSchema, customerUserOut, customerUserSessionOut } from '../customer.js';
import { endpoint } from '../endpoint.js';

/** Completes an invitation: the token from the e-mailed link and a password create the account. */
export const customerSignUp = endpoint({
  method: 'POST',
  path: '/customer-app/signup',
  body: customerSignUpSchema,
  response: customerUserSessionOut,
});

export const customerSignIn = endpoint({
  method: 'POST',
  path: '/customer-app/signin',
  body: customerSignInSchema,
  response: customerUserSessionOut,
});

/** The signed-in customer user; a revoked or disabled user's token stops working at once. */
export const customerMe = endpoint({
  method: 'GET',
  path: '/customer-app/me',
  response: z.object({ customerUser: customerUserOut }),
});

/** This token's session ends and its sockets close. */
export const customerSignOut = endpoint({
  method: 'POST',
  path: '/customer-app/signout',
  response: z.object({ success: z.boolean() }),
});
