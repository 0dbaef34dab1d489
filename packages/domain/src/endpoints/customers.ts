/**
 * The customers module's endpoints: the customers and their grid, the customer app's users
 * (invitations, access, notification preferences) and the customer app's own sign-in.
 */
import { z } from 'zod';
import {
  autoFillQuerySchema,
  customerGridOut,
  customerOut,
  customerSchema,
  customerSignInSchema,
  customerSignUpSchema,
  customerUserGridOut,
  customerUserOut,
  customerUserSessionOut,
  establishmentSuggestionOut,
  invitationSchema,
  notificationPreferencesSchema,
  permissionSchema,
  priceTierBriefOut,
  revokeSchema,
  tabcExpirationOut,
} from '../customer.js';
import { endpoint } from '../endpoint.js';
import { gridQuery } from '../grid.js';
import { dbId, idParams, optionalQueryId } from '../primitives.js';

const customerIdParams = z.object({ customerId: dbId('Customer') });
const invitationOut = z.object({ customerUser: customerUserOut, success: z.boolean() });

export const customers = endpoint({
  method: 'GET',
  path: '/customer',
  response: z.array(customerOut),
});

export const customerGrid = endpoint({
  method: 'GET',
  path: '/customer/grid',
  query: gridQuery(),
  response: customerGridOut,
});

export const createCustomer = endpoint({
  method: 'POST',
  path: '/customer',
  body: customerSchema,
  response: customerOut,
});

/** TABC-licensed establishments by name, address or permit code (the customer form's auto-fill) */
export const autoFillSuggestions = endpoint({
  method: 'GET',
  path: '/customer/auto-fill-suggestions',
  query: autoFillQuerySchema,
  response: z.array(establishmentSuggestionOut),
});

export const allCustomerUsers = endpoint({
  method: 'GET',
  path: '/customer/all-users',
  response: z.array(customerUserOut),
});

/** The users grid; with customerId only that customer's users. */
export const customerUserGrid = endpoint({
  method: 'GET',
  path: '/customer/all-users/grid',
  query: gridQuery({ customerId: optionalQueryId('customerId') }),
  response: customerUserGridOut,
});

/** The company's price tiers, for the customer form's tier choice. */
export const priceTiers = endpoint({
  method: 'GET',
  path: '/customer/price-tiers',
  response: z.array(priceTierBriefOut),
});

export const revokeInvitation = endpoint({
  method: 'PUT',
  path: '/customer/user-invitation-revoke',
  body: revokeSchema,
  response: customerUserOut,
});

export const setUserPermission = endpoint({
  method: 'PUT',
  path: '/customer/user-permission',
  body: permissionSchema,
  response: customerUserOut,
});

/** Mails an invitation; the answer names the invited user. */
export const inviteUser = endpoint({
  method: 'POST',
  path: '/customer/user-invitation',
  body: invitationSchema,
  response: invitationOut,
});

/** A fresh link when the first one got lost or expired. */
export const resendInvitation = endpoint({
  method: 'POST',
  path: '/customer/user-invitation/:id/resend',
  params: idParams,
  response: invitationOut,
});

export const customer = endpoint({
  method: 'GET',
  path: '/customer/:id',
  params: idParams,
  response: customerOut,
});

export const updateCustomer = endpoint({
  method: 'PUT',
  path: '/customer/:id',
  params: idParams,
  body: customerSchema,
  response: customerOut,
});

export const removeCustomer = endpoint({
  method: 'DELETE',
  path: '/customer/:id',
  params: idParams,
  response: z.object({ success: z.boolean(), id: z.number() }),
});

export const tabcExpiration = endpoint({
  method: 'GET',
  path: '/customer/:id/tabc-expiration',
  params: idParams,
  response: tabcExpirationOut,
});

export const customerUsers = endpoint({
  method: 'GET',
  path: '/customer/:customerId/user',
  params: customerIdParams,
  response: z.array(customerUserOut),
});

/** the path names the customer; the user must be one of that customer's users */
export const setNotificationPreferences = endpoint({
  method: 'PUT',
  path: '/customer/:id/notification-preferences',
  params: idParams,
  body: notificationPreferencesSchema,
  response: customerUserOut,
});

// ---- the customer app's sign-in (public: the customer token, not the staff one) ----

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
