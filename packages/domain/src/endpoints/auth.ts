/** The auth module's endpoints: sign-in, sign-up, password reset, the signed-in user and its notifications. */
import { endpoint } from '../endpoint.js';
import {
  notificationOut,
  notificationSchema,
  notificationUpdatedOut,
  profileSchema,
  resetRequestSchema,
  setPasswordSchema,
  signInSchema,
  successOut,
  tokenOut,
  userOut,
} from '../auth.js';
import { signUpBodySchema } from '../team.js';

/** no token needed; counted per email and per address */
export const signIn = endpoint({ method: 'POST', path: '/auth/signin', body: signInSchema, response: tokenOut });

/** a new company's owner, or with an invitation's token a member joining the inviting company */
export const signUp = endpoint({ method: 'POST', path: '/auth/signup', body: signUpBodySchema, response: tokenOut });

/** mails a reset link; the same answer for an unknown address */
export const resetRequest = endpoint({
  method: 'POST',
  path: '/auth/reset-request',
  body: resetRequestSchema,
  response: successOut,
});

/** a new password with the reset link's token */
export const setPassword = endpoint({
  method: 'PUT',
  path: '/auth/password',
  body: setPasswordSchema,
  response: successOut,
});

/** the signed-in user (a user removed meanwhile is a 404) */
export const validateToken = endpoint({ method: 'GET', path: '/validate_token', response: userOut });

export const signOut = endpoint({ method: 'POST', path: '/auth/signout', response: successOut });

/** the user's own name and, with the current one, a new password */
export const updateProfile = endpoint({ method: 'PUT', path: '/user', body: profileSchema, response: userOut });

/** the signed-in user's notification preferences */
export const notification = endpoint({ method: 'GET', path: '/company/notification', response: notificationOut });

export const saveNotification = endpoint({
  method: 'PUT',
  path: '/company/notification',
  body: notificationSchema,
  response: notificationUpdatedOut,
});
