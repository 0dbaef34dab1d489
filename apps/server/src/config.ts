import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/server (works from src/ under tsx and from dist/ when compiled) */
export const SERVER_ROOT = path.resolve(here, '..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().default(3000),
  /** unset: 127.0.0.1 for the embedded database (a desk install), 0.0.0.0 with DATABASE_URL */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  APP_DOMAIN: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Distributor Back-office <no-reply@localhost>'),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  RATE_LIMIT_AUTH: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_AUTH_ADDRESS: z.coerce.number().int().min(1).default(60),
  /** proxies whose X-Forwarded-For is believed: addresses or CIDRs, comma-separated; none by default */
  TRUST_PROXY: z.string().default(''),
  /** /metrics answers only with this bearer token; unset: /metrics is off (404) */
  METRICS_TOKEN: z.string().optional(),
  /** the operator's routes (/api/v1/operator/*) and /operator page answer to this bearer; unset: they do not exist */
  OPERATOR_TOKEN: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= 16, { message: 'OPERATOR_TOKEN must be at least 16 characters' }),
  /** SIGTERM: time to drain in-flight requests before the process exits anyway */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * how long a checked session is trusted without the database (ms); 0 turns it off. Default 15 s,
   * except on a shared PostgreSQL without Redis, where other processes could not hear a sign-out
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(300_000).optional(),
  /** how often each process re-checks the session behind every open socket (ms); 0: only on Redis's return */
  SOCKET_RECHECK_MS: z.coerce.number().int().min(0).default(30_000),
  /** encrypts partners' credentials; unset: a key generated into DATA_DIR/secrets.key */
  SECRETS_KEY: z.string().optional(),
  /** partners' base URLs; unset: `npm start` runs the partner's local simulator */
  BOTTLE_POS_URL: z.string().optional(),
  CLOVER_URL: z.string().optional(),
  FINTECH_URL: z.string().optional(),
  MPOWER_URL: z.string().optional(),
  /** every call to a partner gives up after this long */
  INTEGRATION_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  /** off: this process enqueues jobs but runs none (another process does) */
  JOBS_WORKER: z.enum(['on', 'off']).default('on'),
  JOBS_POLL_MS: z.coerce.number().int().min(10).default(1000),
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(1).default(2000),
  JOBS_LEASE_MS: z.coerce.number().int().min(100).default(300_000),
  /** attempts of a job before it fails (the first run included) */
  JOBS_RETRY_LIMIT: z.coerce.number().int().min(1).max(100).default(5),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  publicUrl: string;
  /** the customer app lives at {subdomain}.{appDomain}; unset: only at /shop/{subdomain} */
  appDomain?: string;
  smtpUrl?: string;
  mailFrom: string;
  redisUrl?: string;
  logLevel: string;
  seedDemo: 'auto' | 'never';
  webDist: string;
  /** sign-in, reset and sign-up attempts per minute per email */
  rateLimitAuth: number;
  /** sign-in and reset attempts per minute per client address (sign-up: rateLimitAuth) */
  rateLimitAuthAddress: number;
  /** proxy addresses/CIDRs trusted for X-Forwarded-For (Fastify `trustProxy`); empty: the socket's address */
  trustProxy: string[];
  /** bearer token for /metrics; unset: off */
  metricsToken?: string;
  /** bearer token of the operator routes (modules/operator); unset: off (404) */
  operatorToken?: string;
  /** SIGTERM: how long in-flight requests may take before the process exits anyway */
  shutdownTimeoutMs: number;
  /** session cache lifetime (modules/auth/session-cache.ts); 0: off */
  sessionCacheMs: number;
  /** re-check of every open socket's session (lib/realtime.ts); 0: only when Redis comes back */
  socketRecheckMs?: number;
  /** SECRETS_KEY (see lib/secrets.ts) */
  secretsKey?: string;
  bottlePosUrl?: string;
  cloverUrl?: string;
  fintechUrl?: string;
  mpowerUrl?: string;
  integrationTimeoutMs: number;
  /** this process runs queued jobs (lib/jobs.ts) */
  jobsWorker: boolean;
  jobsPollMs: number;
  jobsRetryBaseMs: number;
  jobsLeaseMs: number;
  jobsRetryLimit: number;
  /** partner retries in a request (attempts in all, first backoff, longest Retry-After waited); tests shorten them */
  integrationRetry?: { attempts?: number; baseDelayMs?: number; maxRetryAfterMs?: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = envSchema.parse(env);
  const databaseUrl = e.DATABASE_URL || undefined;
  return {
    port: e.PORT,
    host: e.HOST || (databaseUrl ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl,
    jwtSecret: e.JWT_SECRET,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    appDomain: e.APP_DOMAIN?.trim().toLowerCase() || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL || undefined,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST,
    rateLimitAuth: e.RATE_LIMIT_AUTH,
    rateLimitAuthAddress: e.RATE_LIMIT_AUTH_ADDRESS,
    trustProxy: e.TRUST_PROXY.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    metricsToken: e.METRICS_TOKEN || undefined,
    operatorToken: e.OPERATOR_TOKEN || undefined,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    sessionCacheMs: e.SESSION_CACHE_MS ?? (databaseUrl && !e.REDIS_URL ? 0 : 15_000),
    socketRecheckMs: e.SOCKET_RECHECK_MS,
    secretsKey: e.SECRETS_KEY || undefined,
    bottlePosUrl: e.BOTTLE_POS_URL || undefined,
    cloverUrl: e.CLOVER_URL || undefined,
    fintechUrl: e.FINTECH_URL || undefined,
    mpowerUrl: e.MPOWER_URL || undefined,
    integrationTimeoutMs: e.INTEGRATION_TIMEOUT_MS,
    jobsWorker: e.JOBS_WORKER === 'on',
    jobsPollMs: e.JOBS_POLL_MS,
    jobsRetryBaseMs: e.JOBS_RETRY_BASE_MS,
    jobsLeaseMs: e.JOBS_LEASE_MS,
    jobsRetryLimit: e.JOBS_RETRY_LIMIT,
  };
}
