/**
 * One way to call an outside partner (fintech, MPower) over HTTP: a timeout on every attempt,
 * bounded retries on what a retry can cure (timeouts, network errors, 5xx, 429 with its
 * Retry-After), none on what it cannot (a refused key, a validation error, a duplicate). Every
 * attempt is reported to the caller, which writes it to the sync log.
 */

export interface RetryPolicy {
  /** per attempt; the 10 s by default */
  timeoutMs: number;
  /** attempts in all (1 = no retry) */
  attempts: number;
  /** backoff before retry n: baseDelayMs * 2^(n-1) (when no Retry-After) */
  baseDelayMs: number;
  /** a Retry-After longer than this is not waited for in the request: the call fails and says so */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  timeoutMs: 10_000,
  attempts: 4,
  baseDelayMs: 1000,
  maxRetryAfterMs: 10_000,
};

export type PartnerErrorKind =
  | 'auth'
  | 'validation'
  | 'duplicate'
  | 'rate_limited'
  | 'unavailable'
  | 'timeout'
  | 'network'
  | 'bad_answer';

/** A call that did not succeed, with the partner's own message where it gave one. */
export class PartnerError extends Error {
  constructor(
    public kind: PartnerErrorKind,
    message: string,
    public status?: number,
    public body?: unknown,
  ) {
    super(message);
  }
  get retryable() {
    return this.kind === 'unavailable' || this.kind === 'timeout' || this.kind === 'network';
  }
}

/** What one attempt did, for the sync log. */
export interface AttemptReport {
  attempt: number;
  outcome: 'ok' | 'retry' | 'failed';
  status?: number;
  message: string;
}

export interface PartnerRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface PartnerEndpoint {
  /** the partner's name in messages ('Fintech') */
  name: string;
  baseUrl: string;
  /** auth headers for every call */
  headers: Record<string, string>;
  policy: RetryPolicy;
  /** for tests; real sleeps otherwise */
  sleep?: (ms: number) => Promise<void>;
}

/** What a partner client is made with: where the partner is, the company's key, and test knobs. */
export interface PartnerClientOptions {
  baseUrl: string;
  apiKey: string;
  policy?: Partial<RetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
}

/** The endpoint of a partner client: `auth` is how the partner wants the key sent. */
export function partnerEndpoint(
  name: string,
  opts: PartnerClientOptions,
  auth: (apiKey: string) => Record<string, string>,
): PartnerEndpoint {
  return {
    name,
    baseUrl: opts.baseUrl,
    headers: auth(opts.apiKey),
    policy: { ...DEFAULT_RETRY, ...opts.policy },
    sleep: opts.sleep,
  };
}

/**
 * Sends one invoice with its idempotency key. A 409 answers the partner's body with `duplicate`
 * set, so the caller can see an earlier attempt (whose answer was lost) went through.
 */
export async function postInvoice<T>(
  ep: PartnerEndpoint,
  path: string,
  push: unknown,
  idempotencyKey: string,
  report?: (a: AttemptReport) => void | Promise<void>,
): Promise<{ body: T; duplicate: false } | { body: unknown; duplicate: true; error: PartnerError }> {
  try {
    const { body } = await callPartner<T>(
      ep,
      { method: 'POST', path, body: push, headers: { 'idempotency-key': idempotencyKey } },
      report,
    );
    return { body, duplicate: false };
  } catch (err) {
    if (err instanceof PartnerError && err.kind === 'duplicate') return { body: err.body, duplicate: true, error: err };
    throw err;
  }
}

const sleepReal = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Retry-After in seconds or as an HTTP date -> milliseconds (null when absent or unreadable). */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const s = header.trim();
  if (/^\d+$/.test(s)) return Number(s) * 1000;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : Math.max(0, t - now);
}

/** The partner's message out of its error body ({message}, {error}, {errors: [...]}), else the status text. */
export function partnerMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; error?: unknown; errors?: unknown };
    const msg = typeof b.message === 'string' ? b.message : typeof b.error === 'string' ? b.error : '';
    const list = Array.isArray(b.errors) ? b.errors.filter((e): e is string => typeof e === 'string') : [];
    const text = [msg, ...list].filter(Boolean).join('; ');
    if (text) return text.slice(0, 1000);
  }
  if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 300);
  return fallback;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function attemptOnce(ep: PartnerEndpoint, req: PartnerRequest) {
  const url = `${ep.baseUrl.replace(/\/+$/, '')}${req.path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: req.method,
      headers: {
        accept: 'application/json',
        ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...ep.headers,
        ...req.headers,
      },
      body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
      signal: AbortSignal.timeout(ep.policy.timeoutMs),
    });
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new PartnerError(
        'timeout',
        `${ep.name} did not answer within ${Math.round(ep.policy.timeoutMs / 100) / 10} s`,
      );
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new PartnerError(
      'network',
      `${ep.name} could not be reached (${cause?.code ?? cause?.message ?? 'network error'})`,
    );
  }
  let body: unknown;
  try {
    body = await readBody(res);
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new PartnerError('timeout', `${ep.name} did not finish its answer within ${ep.policy.timeoutMs / 1000} s`);
    throw new PartnerError('network', `${ep.name}'s answer was cut off`);
  }
  return { res, body };
}

/**
 * Calls the partner with the policy's timeout and retries; reports every attempt to `report`.
 * Answers the 2xx status and body, or throws the last PartnerError.
 */
export async function callPartner<T = unknown>(
  ep: PartnerEndpoint,
  req: PartnerRequest,
  report: (a: AttemptReport) => void | Promise<void> = () => {},
): Promise<{ status: number; body: T }> {
  const sleep = ep.sleep ?? sleepReal;
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= ep.policy.attempts;
    let error: PartnerError;
    let waitMs = ep.policy.baseDelayMs * 2 ** (attempt - 1);
    let retryable = false;
    try {
      const { res, body } = await attemptOnce(ep, req);
      if (res.ok) {
        await report({ attempt, outcome: 'ok', status: res.status, message: `${ep.name} answered ${res.status}` });
        return { status: res.status, body: body as T };
      }
      const msg = partnerMessage(body, `${res.status} ${res.statusText}`);
      if (res.status === 429) {
        const after = retryAfterMs(res.headers.get('retry-after'));
        if (after !== null && after > ep.policy.maxRetryAfterMs) {
          error = new PartnerError(
            'rate_limited',
            `${ep.name} is busy and asked to retry after ${Math.ceil(after / 1000)} s: try again later`,
            429,
            body,
          );
        } else {
          error = new PartnerError('rate_limited', `${ep.name} answered 429 (too many requests): ${msg}`, 429, body);
          retryable = true;
          if (after !== null) waitMs = after;
        }
      } else if (res.status >= 500) {
        error = new PartnerError('unavailable', `${ep.name} answered ${res.status}: ${msg}`, res.status, body);
        retryable = true;
      } else if (res.status === 401 || res.status === 403) {
        error = new PartnerError('auth', `${ep.name} refused the API key: ${msg}`, res.status, body);
      } else if (res.status === 409) {
        error = new PartnerError('duplicate', msg, 409, body);
      } else {
        error = new PartnerError('validation', `${ep.name} refused the data: ${msg}`, res.status, body);
      }
    } catch (err) {
      if (!(err instanceof PartnerError)) throw err;
      error = err;
      retryable = err.retryable;
    }
    if (!retryable || last) {
      // a duplicate is the caller's to judge (the retry of an accepted push is no failure)
      if (error.kind !== 'duplicate')
        await report({ attempt, outcome: 'failed', status: error.status, message: error.message });
      throw error;
    }
    const why = error.kind === 'rate_limited' ? ' (Retry-After)' : '';
    await report({
      attempt,
      outcome: 'retry',
      status: error.status,
      message: `${error.message}; retrying in ${waitMs / 1000} s${why}`,
    });
    await sleep(waitMs);
  }
}

/** A GET with the endpoint's timeout and retries; answers the body. */
export async function getFromPartner<T>(ep: PartnerEndpoint, path: string): Promise<T> {
  const { body } = await callPartner<T>(ep, { method: 'GET', path });
  return body;
}

/** The policy the app's configuration sets (INTEGRATION_TIMEOUT_MS; tests shorten the waits). */
export function policyFromConfig(config: {
  integrationTimeoutMs?: number;
  integrationRetry?: Partial<Omit<RetryPolicy, 'timeoutMs'>>;
}): RetryPolicy {
  return {
    ...DEFAULT_RETRY,
    ...config.integrationRetry,
    timeoutMs: config.integrationTimeoutMs ?? DEFAULT_RETRY.timeoutMs,
  };
}
