/**
 * The ops endpoints: `/health` says the process is alive; `/ready` says it can serve (the database
 * answers, every migration is applied and, with REDIS_URL, Redis answers; 503 names the check);
 * `/logo-files/:name` serves a company's logo file.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { fileOut } from '../invoice-answers.js';

export const health = endpoint({ method: 'GET', path: '/health', response: z.object({ status: z.string() }) });

const checkOut = z.object({ ok: z.boolean(), error: z.string().optional() });
const readyOut = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({ database: checkOut, migrations: checkOut, redis: checkOut.optional() }),
});

export const ready = endpoint({ method: 'GET', path: '/ready', response: readyOut, otherResponses: { 503: readyOut } });

/** the file's bytes (image/*), cached for a day */
export const logoFile = endpoint({ method: 'GET', path: '/logo-files/:name', response: fileOut('Logo image') });
