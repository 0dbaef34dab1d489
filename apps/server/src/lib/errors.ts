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
