/**
 * The shop's endpoints (`@dbo/domain/endpoints/customer-app`, `customer-app-session`) by method and
 * path, checked against the catalogue by type only: the shop's code loads none of the catalogue's
 * zod schemas (its budget is 170 KB of JS; the schemas would add about 37 KB), yet a path or
 * method that is not the endpoint's does not compile, and every answer is the endpoint's.
 */
import type { EndpointSpec } from '@dbo/domain/endpoint';
import type * as shopEndpoints from '@dbo/domain/endpoints/customer-app';
import type * as sessionEndpoints from '@dbo/domain/endpoints/customer-app-session';
import type { RouteOf } from '../../lib/endpoints';

type Routes<M> = { [K in keyof M]: M[K] extends EndpointSpec ? RouteOf<M[K]> : never };

export const api: Routes<typeof shopEndpoints> = {
  company: { method: 'GET', path: '/customer-app/company' },
  invitation: { method: 'GET', path: '/customer-app/invitation' },
  requestReset: { method: 'POST', path: '/customer-app/reset-request' },
  resetPassword: { method: 'PUT', path: '/customer-app/password' },
  catalog: { method: 'GET', path: '/customer-app/catalog' },
  cart: { method: 'GET', path: '/customer-app/cart' },
  saveCart: { method: 'PUT', path: '/customer-app/cart' },
  placeOrder: { method: 'POST', path: '/customer-app/order' },
  orderAgain: { method: 'POST', path: '/customer-app/order/:id/again' },
  orders: { method: 'GET', path: '/customer-app/order' },
  order: { method: 'GET', path: '/customer-app/order/:id' },
  invoices: { method: 'GET', path: '/customer-app/invoice' },
  invoicePdf: { method: 'GET', path: '/customer-app/invoice/:id/pdf' },
  balance: { method: 'GET', path: '/customer-app/balance' },
  balancePdf: { method: 'GET', path: '/customer-app/balance/pdf' },
  preferences: { method: 'GET', path: '/customer-app/preferences' },
  savePreferences: { method: 'PUT', path: '/customer-app/preferences' },
};

export const session: Routes<typeof sessionEndpoints> = {
  customerSignUp: { method: 'POST', path: '/customer-app/signup' },
  customerSignIn: { method: 'POST', path: '/customer-app/signin' },
  customerMe: { method: 'GET', path: '/customer-app/me' },
  customerSignOut: { method: 'POST', path: '/customer-app/signout' },
};
