/**
 * Edits made from a stale screen. Every write of an invoice row bumps its `version` and records who
 * made it (`updated_by`); a full-form save sent with the version its client loaded is refused with
 * 409 when someone saved since, naming them, rather than overwriting their change. A save without a
 * version (API clients written before it) goes through as before.
 */
import { INVOICE_MSG } from '@dbo/domain/invoice';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { users } from '../company/company.tables.js';
import type { InvoiceRow } from './invoice-lookup.service.js';
import { invoices } from './invoices.tables.js';

/** What an update of the invoice row sets beside its own changes. */
export const nextVersion = (userId: number | null) => ({
  version: sql`${invoices.version} + 1`,
  ...(userId ? { updated_by: userId } : {}),
});

/** Refuses (409) a save based on an older version than `inv`'s (read under the row lock). */
export async function refuseStaleEdit(tx: DbOrTx, inv: InvoiceRow, sentVersion: number | undefined) {
  if (sentVersion === undefined || sentVersion === inv.version) return;
  const editorId = inv.updated_by ?? inv.user_id;
  const [editor] = editorId
    ? await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, editorId))
    : [];
  throw conflict(INVOICE_MSG.changedSince(editor?.name ?? 'another user'), {
    version: inv.version,
    updated_by: editor ?? null,
  });
}
