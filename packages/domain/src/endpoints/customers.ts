/**
 * The customers module's endpoints: the customers and their grid, the customer app's users
 * (invitations, access, notification preferences). The customer app's own sign-in, also served by
 * this module, is `customer-app-session.ts` (the shop loads it without the staff schemas).
 */
import { z } from 'zod';
import {
  autoFillQuerySchema,
  customerGridOut,
  customerOut,
  customerSchema,
  customerUserGridOut,
  customerUserOut,
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
