import {
  INTEGRATION_MSG,
  INTEGRATION_NAMES,
  INTEGRATION_TITLES,
  type IntegrationCredentials,
  type IntegrationName,
  type IntegrationSettings,
} from '@dbo/domain/integrations';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { decryptSecret, encryptSecret } from '../../lib/secrets.js';
import { companyIntegrations } from './integrations.tables.js';

/** Binds a sealed key to its row: copied into another company's row, it does not open. */
const aad = (companyId: number, name: IntegrationName) => `company:${companyId}:${name}`;

type Row = typeof companyIntegrations.$inferSelect;

function toSettings(name: IntegrationName, row: Row | undefined): IntegrationSettings {
  return {
    name,
    title: INTEGRATION_TITLES[name],
    configured: !!row,
    // '••••1234': enough to recognise a key, too little to use it
    api_key: row ? `••••${row.api_key_hint}` : null,
    merchant_id: row?.merchant_id ?? null,
    updated_at: row?.updated_at ?? null,
  };
}

/** Every partner's settings as settings show them (masked). */
export async function listIntegrationSettings(db: DbOrTx, companyId: number): Promise<IntegrationSettings[]> {
  const rows = await db.select().from(companyIntegrations).where(eq(companyIntegrations.company_id, companyId));
  return INTEGRATION_NAMES.map((name) =>
    toSettings(
      name,
      rows.find((r) => r.name === name),
    ),
  );
}

export async function getIntegrationSettings(
  db: DbOrTx,
  companyId: number,
  name: IntegrationName,
): Promise<IntegrationSettings> {
  const [row] = await db
    .select()
    .from(companyIntegrations)
    .where(and(eq(companyIntegrations.company_id, companyId), eq(companyIntegrations.name, name)));
  return toSettings(name, row);
}

export async function saveIntegrationCredentials(
  db: DbOrTx,
  companyId: number,
  name: IntegrationName,
  input: IntegrationCredentials,
  userId?: number,
): Promise<IntegrationSettings> {
  const values = {
    api_key_sealed: encryptSecret(input.api_key, aad(companyId, name)),
    // short keys show no characters at all
    api_key_hint: input.api_key.length > 8 ? input.api_key.slice(-4) : '',
    merchant_id: input.merchant_id || null,
    updated_by: userId ?? null,
    updated_at: new Date(),
  };
  const [row] = await db
    .insert(companyIntegrations)
    .values({ company_id: companyId, name, ...values })
    .onConflictDoUpdate({ target: [companyIntegrations.company_id, companyIntegrations.name], set: values })
    .returning();
  return toSettings(name, row);
}

export async function removeIntegrationCredentials(db: DbOrTx, companyId: number, name: IntegrationName) {
  await db
    .delete(companyIntegrations)
    .where(and(eq(companyIntegrations.company_id, companyId), eq(companyIntegrations.name, name)));
  return toSettings(name, undefined);
}

/**
 * The credentials a partner's client sends, or null when none were entered. A key sealed with
 * another SECRETS_KEY is a 400 asking to enter it again (a sync records it as its failure).
 */
/** Whether a key is entered, without reading it (a key sealed under another secret still counts). */
export async function hasIntegrationCredentials(db: DbOrTx, companyId: number, name: IntegrationName) {
  const [row] = await db
    .select({ name: companyIntegrations.name })
    .from(companyIntegrations)
    .where(and(eq(companyIntegrations.company_id, companyId), eq(companyIntegrations.name, name)));
  return Boolean(row);
}

export async function getIntegrationCredentials(
  db: DbOrTx,
  companyId: number,
  name: IntegrationName,
): Promise<IntegrationCredentials | null> {
  const [row] = await db
    .select()
    .from(companyIntegrations)
    .where(and(eq(companyIntegrations.company_id, companyId), eq(companyIntegrations.name, name)));
  if (!row) return null;
  const apiKey = decryptSecret(row.api_key_sealed, aad(companyId, name));
  if (apiKey === null) throw badRequest(INTEGRATION_MSG.unreadable(INTEGRATION_TITLES[name]));
  return { api_key: apiKey, ...(row.merchant_id ? { merchant_id: row.merchant_id } : {}) };
}
