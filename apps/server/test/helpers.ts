import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import type { Mailer, MailMessage } from '../src/lib/mailer.js';

export interface SentMail extends MailMessage {}

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  config: AppConfig;
  /** every message the app sent, newest last */
  mails: SentMail[];
  close(): Promise<void>;
}

let seq = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${process.pid}.${Date.now().toString(36)}.${++seq}@example.com`;

/** One app per test file, on a clone of the migrated template (or the shared PostgreSQL test DB). */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  /** a real mailer (e.g. SMTP to a local sink) instead of the capturing one */
  options: {
    mailer?: Mailer;
    realtime?: boolean;
    /** runs before app.ready(), e.g. to add hooks */
    beforeReady?: (app: Awaited<ReturnType<typeof buildApp>>) => void;
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-data-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    rateLimitAuth: 1000,
    rateLimitAuthAddress: 1000,
    // the job worker polls the database: only the tests of jobs turn it on
    jobsWorker: false,
    ...overrides,
  };
  const url = inject('databaseUrl');
  let database: Database;
  if (url) {
    database = await openDatabase({ databaseUrl: url, migrate: false });
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const template = fs.readFileSync(inject('pgliteTemplate'));
    const pg = await PGlite.create({ loadDataDir: new Blob([template]) });
    const db = await openDatabase({ pglite: pg, migrate: false });
    database = { ...db, close: () => pg.close() };
  }
  const mails: SentMail[] = [];
  const mailer: Mailer = {
    kind: 'outbox',
    async send(m) {
      mails.push(m);
      return { messageId: `test-${mails.length}` };
    },
  };
  const app = await buildApp({
    config,
    db: database.db,
    mailer: options.mailer ?? mailer,
    jwtSecret: 'test-secret',
    logger: !!options.logStream,
    logStream: options.logStream,
    realtime: options.realtime,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    mails,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  /** the bytes as sent (a PDF, a CSV) */
  raw: Buffer;
  headers: Record<string, unknown>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A small client for app.inject with a bearer token. */
export function client(ctx: TestContext, token?: string) {
  const call = async <T = any>(
    method: Method,
    url: string,
    payload?: unknown,
    query?: Record<string, unknown>,
  ): Promise<ApiResponse<T>> => {
    const qs = query
      ? `?${new URLSearchParams(
          Object.entries(query).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        )}`
      : '';
    const res = await ctx.app.inject({
      method,
      url: `/api/v1${url}${qs}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: payload as any,
    });
    let body: any = res.body;
    if (String(res.headers['content-type'] ?? '').includes('application/json')) body = res.json();
    return { status: res.statusCode, body, raw: res.rawPayload, headers: res.headers };
  };
  return {
    token,
    get: <T = any>(url: string, query?: Record<string, unknown>) => call<T>('GET', url, undefined, query),
    post: <T = any>(url: string, payload?: unknown) => call<T>('POST', url, payload ?? {}),
    put: <T = any>(url: string, payload?: unknown) => call<T>('PUT', url, payload ?? {}),
    del: <T = any>(url: string, payload?: unknown) => call<T>('DELETE', url, payload),
  };
}
export type Client = ReturnType<typeof client>;

export interface SignedUp {
  api: Client;
  token: string;
  user: any;
  companyId: number;
  email: string;
  password: string;
}

/** Signs up a new company (its owner) and fills the company's required fields. */
export async function signUpCompany(ctx: TestContext, name = 'Test Owner'): Promise<SignedUp> {
  const email = uniqueEmail('owner');
  const password = 'secret-pass';
  const res = await client(ctx).post('/auth/signup', {
    name,
    title: 'Owner',
    email,
    password,
    confirm_password: password,
  });
  if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = res.body.access_token as string;
  return { api: client(ctx, token), token, user: res.body.user, companyId: res.body.user.company_id, email, password };
}

/** Another session of the same user (a second device), signed in with the same password. */
export async function secondSession(ctx: TestContext, who: SignedUp): Promise<Client> {
  const res = await client(ctx).post('/auth/signin', { email: who.email, password: who.password });
  if (res.status !== 200) throw new Error(`second sign-in failed: ${res.status}`);
  return client(ctx, res.body.access_token as string);
}

/** Changes the user's password (and name) through PUT /user, which ends their other sessions. */
export const changePassword = (who: SignedUp, password: string, name = 'Alan Smith') =>
  who.api.put('/user', { name, password, current_password: who.password });

/** Switches a feature on directly (gated ones too), as our staff would. */
export async function activateFeature(ctx: TestContext, companyId: number, name: string, active = true) {
  const { companyFeatures } = await import('../src/modules/company/company.tables.js');
  await ctx.database.db
    .insert(companyFeatures)
    .values({ company_id: companyId, name, active })
    .onConflictDoUpdate({ target: [companyFeatures.company_id, companyFeatures.name], set: { active } });
}

/** Races prove something only on PostgreSQL: PGlite serialises its single connection. */
export const onPostgres = !!process.env.TEST_DATABASE_URL;

/**
 * The test file's app (one per file), ready in its tests and closed after them. `skip` builds none
 * for a file whose suites are skipped (the races that only PostgreSQL can run).
 */
export function useTestApp(
  overrides: Partial<AppConfig> = {},
  options: Parameters<typeof createTestApp>[1] & { skip?: boolean } = {},
): { ctx: TestContext } {
  const { skip, ...appOptions } = options;
  const t = {} as { ctx: TestContext };
  beforeAll(async () => {
    if (!skip) t.ctx = await createTestApp(overrides, appOptions);
  });
  afterAll(async () => t.ctx?.close());
  return t;
}

export interface TwoCompanies {
  ctx: TestContext;
  /** the company under test */
  owner: SignedUp;
  /** another company, for tenant isolation */
  other: SignedUp;
}

/** The test file's app with two signed-up companies, ready in its tests and closed after them. */
export function useAppWithTwoCompanies(ownerNames: [string, string] = ['Test Owner', 'Test Owner']): TwoCompanies {
  const t = {} as TwoCompanies;
  beforeAll(async () => {
    t.ctx = await createTestApp();
    t.owner = await signUpCompany(t.ctx, ownerNames[0]);
    t.other = await signUpCompany(t.ctx, ownerNames[1]);
  });
  afterAll(async () => t.ctx?.close());
  return t;
}
