/**
 * The outside services a company connects (spec 2: Bottle POS, Clover, fintech, MPower) and the
 * credentials entered for each in settings. The partners' APIs are not in the spec: each takes an
 * API key, Clover also a merchant id.
 */
import { z } from 'zod';
import { boundedText, timestampOut } from './primitives.js';

export const INTEGRATION_NAMES = ['bottle_pos', 'clover', 'fintech', 'mpower'] as const;
export type IntegrationName = (typeof INTEGRATION_NAMES)[number];

export const INTEGRATION_TITLES: Record<IntegrationName, string> = {
  bottle_pos: 'Bottle POS',
  clover: 'Clover',
  fintech: 'Fintech',
  mpower: 'MPower',
};

export const INTEGRATION_MSG = {
  unknown: `Integration must be one of ${INTEGRATION_NAMES.join(', ')}`,
  apiKeyRequired: 'API key is required',
  ownerOnly: 'Only the owner can change integration credentials',
  keyAccepted: (title: string) => `${title} API key saved and tested: ${title} accepted it`,
  keyRefused: (title: string, why: string) => `${title} API key saved, but the test failed: ${why}`,
  keyUntested: (title: string) => `${title} API key saved (${title} has no address set here, so it was not tested)`,
  unreadable: (title: string) =>
    `The saved ${title} credentials cannot be read with this server's SECRETS_KEY; enter them again`,
} as const;

/** `{name}` in the path: the URL spelling (bottle-pos) or the feature's (bottle_pos). */
export const integrationParams = z.object({
  name: z
    .string()
    .max(32, INTEGRATION_MSG.unknown)
    .transform((s) => s.replace(/-/g, '_'))
    .pipe(z.enum(INTEGRATION_NAMES, { error: INTEGRATION_MSG.unknown })),
});

const apiKey = boundedText('API key', 200)
  .trim()
  .min(1, INTEGRATION_MSG.apiKeyRequired)
  .refine((s) => !/[\s]/.test(s), 'API key must not contain spaces');

export const integrationCredentialsIn = z.object({
  api_key: z.string({ error: INTEGRATION_MSG.apiKeyRequired }).pipe(apiKey),
  merchant_id: boundedText('Merchant id', 100).trim().optional(),
});
export type IntegrationCredentials = z.infer<typeof integrationCredentialsIn>;

/** What settings show: never the key itself, only its last four characters. */
export const integrationSettingsOut = z.object({
  name: z.enum(INTEGRATION_NAMES),
  title: z.string(),
  configured: z.boolean(),
  api_key: z.string().nullable(),
  merchant_id: z.string().nullable(),
  updated_at: timestampOut.nullable(),
});
export type IntegrationSettings = z.infer<typeof integrationSettingsOut>;

/** PUT /company/integration/{name}: the saved settings and, for a point of sale, the key's test call. */
export const integrationSavedOut = integrationSettingsOut.extend({
  /** null: the partner has no test call here (fintech, MPower) */
  test: z.object({ ok: z.boolean(), message: z.string() }).nullable(),
});
export type IntegrationSaved = z.infer<typeof integrationSavedOut>;
