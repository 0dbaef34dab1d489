import type { CustomerEventName, LiveEventName, LiveEventPayload } from '@dbo/domain/live-events';
import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import type { JobQueue } from './jobs.js';
import type { Mailer } from './mailer.js';
import type { SharedCounter } from './shared-limits.js';

export interface AuthContext {
  userId: number;
  companyId: number;
  role: string;
  sessionId: string;
}

/** What the app's modules share, made by buildApp (app.ts). */
export interface AppServices {
  config: AppConfig;
  db: Db;
  mailer: Mailer;
  /**
   * Emits a real-time event of the typed map (`@dbo/domain/live-events`) to every signed-in staff
   * user of a company. Call it after the change committed (never inside a transaction).
   */
  emit<N extends LiveEventName>(companyId: number, event: N, payload: LiveEventPayload<N>): void;
  /** Emits one of the customer-facing events to one customer user's own sockets (the shop). */
  emitToCustomer<N extends CustomerEventName>(customerUserId: number, event: N, payload: LiveEventPayload<N>): void;
  /** the durable job queue (lib/jobs.ts); runs jobs in this process when config.jobsWorker */
  jobs: JobQueue;
  /** attempt counters shared by the server's processes (Redis, when REDIS_URL is set) */
  sharedLimits?: SharedCounter;
}

/**
 * The services and, added by modules/wiring.ts (lib imports no module), `wiring`: what the modules
 * plug into the ones below them, for this app only.
 */
export interface AppDeps extends AppServices {}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
export type { FastifyReply, FastifyRequest };
