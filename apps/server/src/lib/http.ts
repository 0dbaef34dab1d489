import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import type { JobQueue } from './jobs.js';
import type { Mailer } from './mailer.js';

export interface AuthContext {
  userId: number;
  companyId: number;
  role: string;
  sessionId: string;
}

export interface AppDeps {
  config: AppConfig;
  db: Db;
  mailer: Mailer;
  /** emits a real-time event to every signed-in user of a company */
  emit(companyId: number, event: string, payload?: unknown): void;
  /** emits a real-time event to one room (lib/realtime-rooms.ts: a customer user's own room) */
  emitToRoom(room: string, event: string, payload?: unknown): void;
  /** the durable job queue (lib/jobs.ts); runs jobs in this process when config.jobsWorker */
  jobs: JobQueue;
}

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
