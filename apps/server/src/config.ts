import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/server (works from src/ under tsx and from dist/ when compiled) */
export const SERVER_ROOT = path.resolve(here, '..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Distributor Back-office <no-reply@localhost>'),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  RATE_LIMIT_AUTH: z.coerce.number().int().default(20),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  redisUrl?: string;
  logLevel: string;
  seedDemo: 'auto' | 'never';
  webDist: string;
  /** sign-in and reset requests per minute per address */
  rateLimitAuth: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = envSchema.parse(env);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    jwtSecret: e.JWT_SECRET,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL || undefined,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST,
    rateLimitAuth: e.RATE_LIMIT_AUTH,
  };
}
