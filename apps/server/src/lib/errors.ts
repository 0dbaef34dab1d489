/** An error with an HTTP status and the user-facing message (and optional list of details). */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public details?: string[],
    public payload?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: string[]) => new HttpError(400, message, details);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const conflict = (message: string, payload?: Record<string, unknown>) =>
  new HttpError(409, message, undefined, payload);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);

/** Postgres unique violation */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: unknown };
  if (e?.code === '23505') return !constraint || e.constraint === constraint;
  if (e?.cause) return isUniqueViolation(e.cause, constraint);
  return false;
}

/**
 * The net under the request schemas: a PostgreSQL 'data exception' (SQLSTATE class 22: a value out
 * of range, an impossible date, a string too long...) is bad input, not a server fault. Answers the
 * 400 message (naming the column when the driver says which), or null for any other error.
 */
export function dataExceptionMessage(err: unknown): string | null {
  let e = err as { code?: string; column?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) {
      return e.column ? `Invalid value for ${e.column}` : 'Invalid value in the request';
    }
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * PostgreSQL gave up one of two transactions that waited on each other (deadlock 40P01) or could
 * not serialise them (40001). Nothing of it was written; the client may simply send it again.
 */
export function isTransientConflict(err: unknown): boolean {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code === '40P01' || e.code === '40001') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export const TRANSIENT_CONFLICT_MESSAGE =
  'Another change to the same records was being saved at the same moment; nothing was saved, please try again';
