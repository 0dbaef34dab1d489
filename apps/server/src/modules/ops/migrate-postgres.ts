import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Client as PgClient } from 'pg';
import { openDatabase } from '../../db/client.js';
import { runningServerPid } from './backup.js';

/**
 * `npm run migrate-to-postgres -- --to postgres://...`: carries the embedded database (PGlite in
 * DATA_DIR/pglite) over to an empty PostgreSQL database.
 *
 * - The target gets this build's migrations (the same drizzle journal), so both sides have one schema.
 * - Rows travel as JSON text (`row_to_json` on PGlite, `json_populate_recordset` on PostgreSQL):
 *   one parameter per batch, and every value keeps its exact text (numeric cents, microsecond
 *   timestamps, jsonb) instead of passing through JavaScript numbers and Dates.
 * - Tables go parents first (foreign keys), all in ONE target transaction that also verifies:
 *   a failed copy or check rolls back, leaving an empty (migrated) database to try again.
 * - Ids are kept; each sequence is set to where the embedded one was (at least max(id)). Invoice
 *   and order numbers are counters on the company row (last_invoice_number...), copied with it;
 *   stamp numbers are the ledger rows themselves: both continue where they were.
 */

export interface MigrateOptions {
  /** DATA_DIR of the embedded install (the database is DATA_DIR/pglite) */
  dataDir: string;
  /** postgres://... of an empty database */
  to: string;
  /** the DATA_DIR the PostgreSQL processes will use, when it is not this one: uploads are copied there */
  uploadsTo?: string;
  batchRows?: number;
  log?: (line: string) => void;
}

export interface TableReport {
  table: string;
  rows: number;
  checksum: string;
}

export interface MigrateReport {
  tables: TableReport[];
  sequences: { sequence: string; value: number | null }[];
  stampLedger: StampTotals;
  uploads: { files: number; bytes: number; to: string };
  ms: number;
}

interface StampTotals {
  /** per company and status: stamps in the ledger */
  ledger: Record<string, number>;
  /** per company and status: stamps counted in the log's ranges (to - from + 1) */
  assignments: Record<string, number>;
}

/** One query interface over both sides (PGlite's query and pg's Client.query answer `{ rows }`). */
interface Side {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Same text output on both sides, so row checksums compare: UTC, ISO dates, exact floats. */
const SESSION_SETTINGS = ["SET TimeZone = 'UTC'", "SET DateStyle = 'ISO, MDY'", 'SET extra_float_digits = 1'];

export function maskUrl(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the given URL';
  }
}

interface TableInfo {
  name: string;
  columns: string[];
  primaryKey: string[];
  parents: string[];
}

/** Tables of the public schema with their insertable columns, primary key and parent tables. */
async function describeTables(side: Side): Promise<TableInfo[]> {
  const tables = await side.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const cols = await side.query<{ tbl: string; col: string }>(
    `SELECT c.relname AS tbl, a.attname AS col FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
        AND a.attgenerated = '' ORDER BY c.relname, a.attnum`,
  );
  const pks = await side.query<{ tbl: string; col: string }>(
    `SELECT c.relname AS tbl, a.attname AS col FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord) ON true
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
      WHERE n.nspname = 'public' AND i.indisprimary ORDER BY c.relname, k.ord`,
  );
  const fks = await side.query<{ tbl: string; parent: string }>(
    `SELECT DISTINCT c.relname AS tbl, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  return tables.rows.map(({ name }) => ({
    name,
    columns: cols.rows.filter((c) => c.tbl === name).map((c) => c.col),
    primaryKey: pks.rows.filter((c) => c.tbl === name).map((c) => c.col),
    parents: fks.rows.filter((f) => f.tbl === name && f.parent !== name).map((f) => f.parent),
  }));
}

/** Parents before children; a foreign-key cycle between tables cannot be copied table by table. */
export function dependencyOrder<T extends { name: string; parents: string[] }>(tables: T[]): T[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: T[] = [];
  const visit = (t: T) => {
    if (done.has(t.name)) return;
    if (visiting.has(t.name)) throw new Error(`Foreign keys form a cycle through ${t.name}.`);
    visiting.add(t.name);
    for (const p of t.parents) {
      const parent = byName.get(p);
      if (parent) visit(parent);
    }
    visiting.delete(t.name);
    done.add(t.name);
    out.push(t);
  };
  for (const t of tables) visit(t);
  return out;
}

/**
 * Row count and a checksum of the table's rows: md5 over the sorted md5s of each row's text, the
 * same multiset of rows whatever order or collation each side would list them in.
 */
async function tableChecksum(side: Side, table: string): Promise<{ rows: number; checksum: string }> {
  const r = await side.query<{ n: number | string; sum: string | null }>(
    `SELECT count(*) AS n, md5(coalesce(string_agg(h, '' ORDER BY h COLLATE "C"), '')) AS sum
       FROM (SELECT md5(t::text) AS h FROM ${ident(table)} t) x`,
  );
  return { rows: Number(r.rows[0]?.n ?? 0), checksum: r.rows[0]?.sum ?? '' };
}

async function stampTotals(side: Side): Promise<StampTotals> {
  const ledger = await side.query<{ k: string; n: number | string }>(
    `SELECT company_id || ':' || status AS k, count(*) AS n FROM stamps GROUP BY 1 ORDER BY 1`,
  );
  const log = await side.query<{ k: string; n: number | string }>(
    `SELECT company_id || ':' || status AS k, sum("to" - "from" + 1) AS n FROM stamp_assignments
      WHERE released_at IS NULL GROUP BY 1 ORDER BY 1`,
  );
  // sorted here, not by each side's collation, so the two compare as JSON
  const toRecord = (rows: { k: string; n: number | string }[]) =>
    Object.fromEntries(rows.map((r): [string, number] => [r.k, Number(r.n)]).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { ledger: toRecord(ledger.rows), assignments: toRecord(log.rows) };
}

/** Sequences of the public schema with the column they number (serial/identity), if any. */
async function describeSequences(side: Side) {
  const r = await side.query<{ seq: string; tbl: string | null; col: string | null }>(
    `SELECT s.relname AS seq, t.relname AS tbl, a.attname AS col FROM pg_class s
       JOIN pg_namespace n ON n.oid = s.relnamespace
       LEFT JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       LEFT JOIN pg_class t ON t.oid = d.refobjid
       LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE s.relkind = 'S' AND n.nspname = 'public' ORDER BY s.relname`,
  );
  return r.rows;
}

/**
 * The target must hold no data: no table outside this application's schema, and no row in any of
 * its tables (a database where the server already started once on it, and so migrated, is fine).
 */
async function assertEmptyTarget(target: Side, expected: Set<string>) {
  const tables = await target.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`,
  );
  for (const t of tables.rows) {
    const ours =
      (t.schema === 'public' && expected.has(t.name)) || (t.schema === 'drizzle' && t.name === '__drizzle_migrations');
    if (!ours)
      throw new Error(
        `The target database is not empty (it has the table ${t.schema}.${t.name}): migrate-to-postgres only copies into an empty database. Create one (createdb) and try again.`,
      );
    if (t.schema !== 'public') continue;
    const r = await target.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${ident(t.name)}) AS any`);
    if (r.rows[0]?.any)
      throw new Error(
        `The target database is not empty (the table ${t.name} has rows): migrate-to-postgres only copies into an empty database. Create one (createdb) and try again.`,
      );
  }
}

function countFiles(dir: string): { files: number; bytes: number } {
  if (!fs.existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** Copies DATA_DIR/uploads (logos, invoice documents) to the PostgreSQL processes' DATA_DIR. */
function copyUploads(dataDir: string, uploadsTo: string | undefined, log: (l: string) => void) {
  const from = path.join(dataDir, 'uploads');
  const source = countFiles(from);
  if (!uploadsTo || path.resolve(uploadsTo) === path.resolve(dataDir)) {
    log(`Uploads: ${source.files} files stay in ${from} (the PostgreSQL processes read DATA_DIR/uploads)`);
    return { ...source, to: from };
  }
  const to = path.join(path.resolve(uploadsTo), 'uploads');
  if (fs.existsSync(to) && countFiles(to).files > 0)
    throw new Error(`${to} already holds files: give an empty folder.`);
  fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
  if (fs.existsSync(from)) fs.cpSync(from, to, { recursive: true, preserveTimestamps: true });
  const copied = countFiles(to);
  if (copied.files !== source.files || copied.bytes !== source.bytes)
    throw new Error(`Copying the uploads to ${to} gave ${copied.files} files, expected ${source.files}.`);
  log(`Uploads: ${copied.files} files (${copied.bytes} bytes) copied to ${to}`);
  return { ...copied, to };
}

export async function migrateToPostgres(opts: MigrateOptions): Promise<MigrateReport> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const batchRows = opts.batchRows ?? 2000;
  const pid = runningServerPid(opts.dataDir);
  if (pid) throw new Error(`The server (pid ${pid}) is running on ${opts.dataDir}: stop it first.`);
  const dbDir = path.join(opts.dataDir, 'pglite');
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dbDir}.`);

  const { default: pg } = await import('pg');
  const target = new pg.Client({ connectionString: opts.to });
  try {
    await target.connect();
  } catch (err) {
    throw new Error(`Cannot connect to ${maskUrl(opts.to)}: ${(err as Error).message}`);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let source: PGlite | undefined;
  try {
    log(`Opening the embedded database in ${dbDir}`);
    source = await PGlite.create({ dataDir: dbDir });
    // the embedded database gets this build's migrations too (as `npm start` would): one schema on both sides
    await openDatabase({ pglite: source, migrate: true });
    for (const s of SESSION_SETTINGS) {
      await source.query(s);
      await target.query(s);
    }
    const tables = dependencyOrder(await describeTables(source));
    await assertEmptyTarget(target as unknown as Side, new Set(tables.map((t) => t.name)));

    log(`Applying the migrations to ${maskUrl(opts.to)}`);
    const migrated = await openDatabase({ databaseUrl: opts.to, migrate: true });
    await migrated.close();
    const targetTables = new Set((await describeTables(target as unknown as Side)).map((t) => t.name));
    const missing = tables.filter((t) => !targetTables.has(t.name)).map((t) => t.name);
    if (missing.length) throw new Error(`After the migrations the target lacks: ${missing.join(', ')}.`);

    const report = await copyInTransaction(source, target, tables, batchRows, log);
    const uploads = copyUploads(opts.dataDir, opts.uploadsTo, log);
    return { ...report, uploads, ms: Date.now() - started };
  } finally {
    await source?.close().catch(() => {});
    await target.end().catch(() => {});
  }
}

async function copyInTransaction(
  source: PGlite,
  target: PgClient,
  tables: TableInfo[],
  batchRows: number,
  log: (l: string) => void,
) {
  const tgt = target as unknown as Side;
  await target.query('BEGIN');
  try {
    let total = 0;
    // REPEATABLE READ: every table read from one snapshot (the server is stopped, but be sure)
    await source.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      for (const [i, t] of tables.entries()) {
        const { rows: expected } = await tableChecksum(tx, t.name);
        const cols = t.columns.map(ident).join(', ');
        const order = t.primaryKey.length ? ` ORDER BY ${t.primaryKey.map(ident).join(', ')}` : '';
        await tx.query(
          `DECLARE migrate_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM ${ident(t.name)} t${order}`,
        );
        let copied = 0;
        for (;;) {
          const batch = await tx.query<{ r: string }>(`FETCH ${batchRows} FROM migrate_rows`);
          if (batch.rows.length === 0) break;
          // OVERRIDING SYSTEM VALUE: ids are kept, also for identity columns
          await target.query(
            `INSERT INTO ${ident(t.name)} (${cols}) OVERRIDING SYSTEM VALUE
             SELECT ${cols} FROM json_populate_recordset(null::${ident(t.name)}, $1::json)`,
            [`[${batch.rows.map((r) => r.r).join(',')}]`],
          );
          copied += batch.rows.length;
          if (expected > batchRows * 5 && copied % (batchRows * 5) === 0) log(`    ${t.name}: ${copied} / ${expected}`);
        }
        await tx.query('CLOSE migrate_rows');
        total += copied;
        log(`  [${i + 1}/${tables.length}] ${t.name}: ${copied} rows`);
      }
    });

    const sequences = await copySequences(source, target);
    log(`Sequences set: ${sequences.length}`);

    log('Verifying row counts, table checksums and the stamp ledger on both sides');
    const report: TableReport[] = [];
    const mismatches: string[] = [];
    for (const t of tables) {
      const a = await tableChecksum(source, t.name);
      const b = await tableChecksum(tgt, t.name);
      if (a.rows !== b.rows || a.checksum !== b.checksum)
        mismatches.push(`${t.name}: ${a.rows} rows (${a.checksum}) embedded, ${b.rows} (${b.checksum}) PostgreSQL`);
      report.push({ table: t.name, ...b });
    }
    const stampsA = await stampTotals(source);
    const stampsB = await stampTotals(tgt);
    if (JSON.stringify(stampsA) !== JSON.stringify(stampsB))
      mismatches.push(`stamp ledger: ${JSON.stringify(stampsA)} embedded, ${JSON.stringify(stampsB)} PostgreSQL`);
    if (mismatches.length) throw new Error(`Verification failed, nothing was kept:\n  ${mismatches.join('\n  ')}`);
    await target.query('COMMIT');
    const stamps = Object.values(stampsB.ledger).reduce((a, b) => a + b, 0);
    log(`Verified: ${tables.length} tables, ${total} rows, ${stamps} stamps in the ledger match`);
    return { tables: report, sequences, stampLedger: stampsB };
  } catch (err) {
    await target.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/**
 * Each sequence continues where the embedded one was: its last value, or the column's max if that is
 * higher (never hand out an id that exists); an unused sequence starts at 1.
 */
async function copySequences(source: PGlite, target: PgClient) {
  const out: { sequence: string; value: number | null }[] = [];
  for (const s of await describeSequences(source)) {
    const state = await source.query<{ last_value: string | number; is_called: boolean }>(
      `SELECT last_value, is_called FROM ${ident(s.seq)}`,
    );
    let value = state.rows[0]?.is_called ? Number(state.rows[0].last_value) : 0;
    if (s.tbl && s.col) {
      const max = await target.query<{ m: string | null }>(
        `SELECT max(${ident(s.col)})::text AS m FROM ${ident(s.tbl)}`,
      );
      value = Math.max(value, Number(max.rows[0]?.m ?? 0));
    }
    if (value > 0) await target.query('SELECT setval($1::regclass, $2, true)', [ident(s.seq), value]);
    else await target.query('SELECT setval($1::regclass, 1, false)', [ident(s.seq)]);
    out.push({ sequence: s.seq, value: value > 0 ? value : null });
  }
  return out;
}
