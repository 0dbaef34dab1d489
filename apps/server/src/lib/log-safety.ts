import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * pino redaction: what must never reach a log line even when a handler logs a request, a body or an
 * error carrying one. Headers are not logged by our serializers; these paths catch the day one is.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'password',
  'current_password',
  'token',
  'access_token',
  'jwtSecret',
  '*.password',
  '*.current_password',
  '*.token',
  '*.access_token',
  '*.authorization',
  '*.jwtSecret',
];

const SECRET_QUERY_KEY = /token|password|secret|key|signature/i;
/** a JWT (print tokens and session tokens) or any other long opaque segment in a path */
const SECRET_SEGMENT = /^(?:[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}|[\w-]{40,})$/;

/** The URL as logged: path segments that are tokens and secret-looking query values are masked. */
export function safeUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = q === -1 ? url : url.slice(0, q);
  const maskedPath = pathPart
    .split('/')
    .map((s) => (SECRET_SEGMENT.test(s) ? '[redacted]' : s))
    .join('/');
  if (q === -1) return maskedPath;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const [k, v] of [...params]) if (SECRET_QUERY_KEY.test(k) || SECRET_SEGMENT.test(v)) params.set(k, '[redacted]');
  return `${maskedPath}?${params.toString().replaceAll('%5Bredacted%5D', '[redacted]')}`;
}

const INCOMING_ID = /^[\w.:-]{1,64}$/;

/** A proxy's X-Request-Id is kept (so its log and ours share the id) when it is short and plain. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && INCOMING_ID.test(given) ? given : randomUUID();
}
