/** Import: the dry run, mappings (guessed, remembered per company), jobs as the API answers them. */
import {
  guessMapping,
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  IMPORT_MSG,
  type ImportJob,
  type ImportKind,
  type ImportPreview,
  importMappingSchema,
  missingFields,
} from '@dbo/domain/import';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { ProductWiring } from '../products/product-writes.service.js';
import { csvLine } from '../../lib/csv.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { findCompanyRow } from '../../lib/company-rows.js';
import { isFeatureOn } from '../company/company.service.js';
import type { Sheet } from './import.parse.js';
import { planImport, type Writer } from './import.plan.js';
import { importJobs, importMappings } from './import.tables.js';

/** Opening stock goes through the inventory: without the feature it is refused, as the inventory routes do. */
export async function assertKindAvailable(db: DbOrTx, companyId: number, kind: ImportKind) {
  if (kind === 'stock' && !(await isFeatureOn(db, companyId, 'inventory'))) throw forbidden(IMPORT_MSG.inventoryOff);
}

export async function rememberedMapping(db: DbOrTx, companyId: number, kind: ImportKind) {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.company_id, companyId), eq(importMappings.kind, kind)));
  return row?.mapping ?? {};
}

export async function rememberMapping(
  db: DbOrTx,
  companyId: number,
  kind: ImportKind,
  mapping: Record<string, string>,
) {
  await db
    .insert(importMappings)
    .values({ company_id: companyId, kind, mapping })
    .onConflictDoUpdate({
      target: [importMappings.company_id, importMappings.kind],
      set: { mapping, updated_at: new Date() },
    });
}

/** The `mapping` multipart field: absent or empty means 'guess it'. */
export function parseMappingField(value: string | undefined): Record<string, string> | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw badRequest(IMPORT_MSG.mappingJson);
  }
  const parsed = importMappingSchema.safeParse(json);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? IMPORT_MSG.mappingJson);
  return Object.keys(parsed.data).length ? parsed.data : undefined;
}

/**
 * The mapping to use: the one sent (every field ours, every column in the file; a blank column
 * leaves the field out), else the company's remembered one where its columns exist, over the guess.
 */
export async function resolveMapping(
  db: DbOrTx,
  companyId: number,
  kind: ImportKind,
  headers: string[],
  sent: Record<string, string> | undefined,
): Promise<Record<string, string>> {
  const fields = new Set(IMPORT_FIELDS[kind].map((f) => f.name));
  if (sent) {
    const out: Record<string, string> = {};
    for (const [field, column] of Object.entries(sent)) {
      if (!fields.has(field)) throw badRequest(IMPORT_MSG.unknownField(field));
      if (column === '') continue;
      if (!headers.includes(column)) throw badRequest(IMPORT_MSG.unknownColumn(column));
      out[field] = column;
    }
    return out;
  }
  const remembered = await rememberedMapping(db, companyId, kind);
  const kept = Object.fromEntries(
    Object.entries(remembered).filter(([field, column]) => fields.has(field) && headers.includes(column)),
  );
  return { ...guessMapping(kind, headers), ...kept };
}

export async function previewImport(
  wiring: ProductWiring,
  db: Db,
  kind: ImportKind,
  w: Writer,
  sheet: Sheet,
  sent: Record<string, string> | undefined,
): Promise<ImportPreview> {
  const mapping = await resolveMapping(db, w.companyId, kind, sheet.headers, sent);
  const base = { total: sheet.rows.length, headers: sheet.headers, mapping };
  const missing = missingFields(kind, mapping);
  // the page needs the headers to let the user map them: a missing column is an error on the header row
  if (missing.length)
    return {
      ...base,
      rows: [],
      errors: [{ row: 1, message: IMPORT_MSG.missingFields(missing) }],
      counts: { new: 0, updated: 0, unchanged: 0, invalid: 0 },
    };
  const plan = await planImport(wiring, db, kind, w, sheet, mapping);
  return {
    ...base,
    rows: plan.rows
      .slice(0, IMPORT_LIMITS.previewRows)
      .map((r) => ({ row: r.row, action: r.action, values: r.values, message: r.message })),
    errors: plan.errors,
    counts: plan.counts,
  };
}

type JobRow = typeof importJobs.$inferSelect;

export function publicJob(j: JobRow): ImportJob {
  return {
    id: j.id,
    kind: j.kind as ImportKind,
    status: j.status as ImportJob['status'],
    on_error: j.on_error as ImportJob['on_error'],
    file_name: j.file_name,
    done: j.done,
    total: j.total,
    counts: j.counts,
    errors: j.errors,
    message: j.message,
    created_at: j.created_at,
    finished_at: j.finished_at,
  };
}

const findJob = (db: DbOrTx, companyId: number, id: number): Promise<JobRow> =>
  findCompanyRow(db, importJobs, companyId, id, IMPORT_MSG.jobNotFound);

export async function getJob(db: DbOrTx, companyId: number, id: number) {
  return publicJob(await findJob(db, companyId, id));
}

/** The company's latest imports (the page finds a running one after a reload). */
export async function listJobs(db: DbOrTx, companyId: number, kind?: ImportKind) {
  const rows = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.company_id, companyId), kind ? eq(importJobs.kind, kind) : undefined))
    .orderBy(desc(importJobs.id))
    .limit(20);
  return rows.map(({ errors: _e, ...j }) => {
    const { errors: _, ...out } = publicJob({ ...j, errors: [] });
    return out;
  });
}

/** The rejected rows as a CSV: the line, the reason, then the row as it was in the file. */
export async function rejectsCsv(db: DbOrTx, companyId: number, id: number): Promise<string> {
  const j = await findJob(db, companyId, id);
  const lines = [csvLine(['Row', 'Reason', ...j.headers])];
  for (const r of j.rejected) lines.push(csvLine([r.row, r.message, ...r.cells]));
  return `${lines.join('\r\n')}\r\n`;
}
