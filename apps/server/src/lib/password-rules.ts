import { dictionary } from '@zxcvbn-ts/language-common';
import { MSG, NEW_PASSWORD_MIN } from '@dbo/domain/auth';
import { badRequest } from './errors.js';
import { hashPassword } from './passwords.js';

/** How many of the most common passwords are refused (the list is ranked, most common first). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: Set<string> | undefined;

/**
 * The 10,000 most common passwords, from zxcvbn-ts's ranked list of leaked passwords
 * (@zxcvbn-ts/language-common), compared lower-cased. Built on first use.
 */
export function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * The rule for a password being set, wherever one is (staff sign-up, reset, change, invitation;
 * customer sign-up, reset, change): at least 8 characters (the request schemas check it first,
 * with the spec's messages) and none of the 10,000 most common. A 400 saying which, else the hash.
 * Signing in never applies it, so an older, shorter password still signs in.
 */
export async function hashNewPassword(password: string): Promise<string> {
  if (password.length < NEW_PASSWORD_MIN) throw badRequest(MSG.passwordTooShort);
  if (isCommonPassword(password)) throw badRequest(MSG.passwordTooCommon);
  return hashPassword(password);
}
