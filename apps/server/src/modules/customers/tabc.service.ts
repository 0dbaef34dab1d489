import fs from 'node:fs';
import path from 'node:path';
import { normalizeTabcId } from '@dbo/domain/customer';
import { parse } from 'csv-parse';
import { sql } from 'drizzle-orm';
import { SERVER_ROOT } from '../../config.js';
import type { Db } from '../../db/client.js';
import { delinquents, establishments } from './customers.tables.js';

/** The shipped sample, in the format of the TABC license dataset on the Texas open data portal. */
export const TABC_SAMPLE_FILE = path.join(SERVER_ROOT, 'tabc', 'tabc-licenses-sample.csv');
export const TABC_DELINQUENT_SAMPLE_FILE = path.join(SERVER_ROOT, 'tabc', 'tabc-delinquent-sample.csv');

const BATCH = 500;

/** Header names seen in the TABC exports (lower-cased, non-letters removed) -> our field. */
const LICENSE_HEADERS: Record<string, keyof EstablishmentRow> = {
  licensetype: 'license_type',
  licensetypecode: 'license_type',
  licenseid: 'license_id',
  licensenumber: 'license_id',
  permitnumber: 'license_id',
  tradename: 'trade_name',
  dba: 'trade_name',
  owner: 'owner',
  ownername: 'owner',
  legalname: 'owner',
  address: 'address',
  locationaddress: 'address',
  city: 'city',
  locationcity: 'city',
  county: 'county',
  state: 'state',
  zip: 'zip',
  zipcode: 'zip',
  status: 'status',
  primarystatus: 'status',
  issuedate: 'issue_date',
  originalissuedate: 'issue_date',
  currentissueddate: 'issue_date',
  expirationdate: 'expiration_date',
};

interface EstablishmentRow {
  license_type: string;
  license_id: string;
  trade_name: string;
  owner: string;
  address: string;
  city: string;
  county: string;
  state: string;
  zip: string;
  status: string;
  issue_date: string | null;
  expiration_date: string | null;
}

const key = (h: string) => h.toLowerCase().replace(/[^a-z]/g, '');

/** 'MM/DD/YYYY', 'YYYY-MM-DD' or an ISO timestamp -> 'YYYY-MM-DD'; anything else -> null. */
export function parseTabcDate(v: string | undefined | null): string | null {
  const s = (v ?? '').trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(s);
  if (m) return `${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`;
  return null;
}

/**
 * The permit code as used on invoices: a numeric AIMS license id gets its license type in front
 * (MB + 100234 -> MB100234); an id that already carries letters is kept as it is.
 */
export function establishmentTabcId(type: string, id: string): string {
  const t = type.trim().toUpperCase();
  const i = normalizeTabcId(id);
  return /^\d+$/.test(i) ? `${t}${i}` : i;
}

function searchText(r: EstablishmentRow, tabcId: string): string {
  return [r.trade_name, r.owner, r.address, r.city, r.county, r.zip, tabcId]
    .join(' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

async function* csvRecords(file: string): AsyncGenerator<Record<string, string>> {
  const parser = fs.createReadStream(file).pipe(
    parse({
      columns: (h: string[]) => h.map(key),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
    }),
  );
  for await (const rec of parser) yield rec as Record<string, string>;
}

export interface ImportResult {
  read: number;
  imported: number;
  skipped: number;
}

export type Progress = (done: number) => void;

/** Upserts the license CSV into establishments (key: license type + license id); safe to re-run. */
export async function importEstablishments(db: Db, file: string, onProgress?: Progress): Promise<ImportResult> {
  const result: ImportResult = { read: 0, imported: 0, skipped: 0 };
  let batch: (typeof establishments.$inferInsert)[] = [];
  const flush = async () => {
    if (!batch.length) return;
    // one row per key within a batch, or the upsert would touch the same row twice
    const unique = [...new Map(batch.map((b) => [`${b.license_type}|${b.license_id}`, b])).values()];
    await db
      .insert(establishments)
      .values(unique)
      .onConflictDoUpdate({
        target: [establishments.license_type, establishments.license_id],
        set: {
          tabc_id: sql`excluded.tabc_id`,
          trade_name: sql`excluded.trade_name`,
          owner: sql`excluded.owner`,
          address: sql`excluded.address`,
          city: sql`excluded.city`,
          county: sql`excluded.county`,
          state: sql`excluded.state`,
          zip: sql`excluded.zip`,
          status: sql`excluded.status`,
          issue_date: sql`excluded.issue_date`,
          expiration_date: sql`excluded.expiration_date`,
          search_text: sql`excluded.search_text`,
          updated_at: sql`now()`,
        },
      });
    result.imported += unique.length;
    batch = [];
    onProgress?.(result.read);
  };
  for await (const rec of csvRecords(file)) {
    result.read++;
    const r = {} as EstablishmentRow;
    for (const [k, v] of Object.entries(rec)) {
      const field = LICENSE_HEADERS[k];
      if (field && !(field in r && (r as any)[field])) (r as any)[field] = v ?? '';
    }
    if (!r.license_type || !r.license_id || !r.trade_name) {
      result.skipped++;
      continue;
    }
    const tabc = establishmentTabcId(r.license_type, r.license_id);
    const row = {
      license_type: r.license_type.trim().toUpperCase(),
      license_id: normalizeTabcId(r.license_id),
      tabc_id: tabc,
      trade_name: r.trade_name,
      owner: r.owner ?? '',
      address: r.address ?? '',
      city: r.city ?? '',
      county: r.county ?? '',
      state: (r.state || 'TX').toUpperCase(),
      zip: (r.zip ?? '').slice(0, 16),
      status: r.status ?? '',
      issue_date: parseTabcDate(r.issue_date),
      expiration_date: parseTabcDate(r.expiration_date),
    };
    batch.push({ ...row, search_text: searchText({ ...r, ...row }, tabc) });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  clearTabcCache();
  return result;
}

/**
 * Loads the TABC delinquent list. The list is a snapshot: it replaces the previous one, so a
 * retailer who paid drops off; running it twice gives the same rows.
 */
export async function importDelinquents(db: Db, file: string, onProgress?: Progress): Promise<ImportResult> {
  const result: ImportResult = { read: 0, imported: 0, skipped: 0 };
  const rows = new Map<string, { tabc_id: string; effective_date: string }>();
  for await (const rec of csvRecords(file)) {
    result.read++;
    const type = rec.licensetype ?? '';
    const id = rec.licenseid ?? rec.licensenumber ?? rec.permitnumber ?? '';
    const effective = parseTabcDate(rec.effectivedate ?? rec.delinquentdate ?? rec.date);
    if (!id || !effective) {
      result.skipped++;
      continue;
    }
    const tabc = type ? establishmentTabcId(type, id) : normalizeTabcId(id);
    rows.set(`${tabc}|${effective}`, { tabc_id: tabc, effective_date: effective });
    if (result.read % BATCH === 0) onProgress?.(result.read);
  }
  await db.transaction(async (tx) => {
    await tx.delete(delinquents);
    const list = [...rows.values()];
    for (let i = 0; i < list.length; i += BATCH) await tx.insert(delinquents).values(list.slice(i, i + BATCH));
  });
  result.imported = rows.size;
  onProgress?.(result.read);
  clearTabcCache();
  return result;
}

// ---- expiration info cache ------------------------------------------------------------------

const CACHE_MS = 10 * 60_000;
const cache = new Map<
  string,
  { at: number; value: { expiration_date: string | null; effective_date: string | null } }
>();

export function clearTabcCache() {
  cache.clear();
}

/** The permit's latest expiration date and delinquent-list date, cached for 10 minutes. */
export async function tabcPermitData(db: Db, tabcId: string) {
  const id = normalizeTabcId(tabcId);
  const hit = cache.get(id);
  if (hit && Date.now() - hit.at < CACHE_MS) return { ...hit.value, cached: true };
  const res = await db.execute<{ expiration_date: string | null; effective_date: string | null }>(sql`
    select
      (select max(e.expiration_date)::text from ${establishments} e where e.tabc_id = ${id}) as expiration_date,
      (select max(d.effective_date)::text from ${delinquents} d where d.tabc_id = ${id}) as effective_date`);
  const row = (res as unknown as { rows: { expiration_date: string | null; effective_date: string | null }[] }).rows[0];
  const value = { expiration_date: row?.expiration_date ?? null, effective_date: row?.effective_date ?? null };
  if (cache.size > 5000) cache.clear();
  cache.set(id, { at: Date.now(), value });
  return { ...value, cached: false };
}

/** Loads the shipped sample (licenses and delinquent list) when the establishments table is empty. */
export async function loadTabcSampleIfEmpty(db: Db): Promise<boolean> {
  const res = await db.execute(sql`select 1 from ${establishments} limit 1`);
  if ((res as unknown as { rows: unknown[] }).rows.length) return false;
  if (!fs.existsSync(TABC_SAMPLE_FILE)) return false;
  await importEstablishments(db, TABC_SAMPLE_FILE);
  if (fs.existsSync(TABC_DELINQUENT_SAMPLE_FILE)) await importDelinquents(db, TABC_DELINQUENT_SAMPLE_FILE);
  return true;
}
