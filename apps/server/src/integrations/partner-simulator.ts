/**
 * What the invoice partners' simulators (fintech, MPower) share: a Fastify app with faults on
 * demand and /_control, the invoices it took (with the idempotency keys seen), a log of the data
 * requests under its path prefix, and how it listens, closes and is driven from a test. Each
 * simulator adds its own routes, validation and answers.
 */
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createFaults, type FaultInput, registerControl } from './simulator-faults.js';

/** One data request the simulator saw: method, path, idempotency key, status answered. */
export interface SimulatedRequest {
  method: string;
  path: string;
  key?: string;
  status: number;
}

export interface PartnerSimulator<T> {
  url: string;
  close(): Promise<void>;
  control: {
    faults(input: FaultInput): void;
    reset(): void;
    invoices(): T[];
    /** every data request seen, in order */
    requests(): SimulatedRequest[];
  };
}

/** `prefix`: the data routes' path ('/v1/'), whose requests are logged. */
export function createPartnerSimulator<T>(prefix: string) {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const faults = createFaults();
  const invoices: T[] = [];
  const byKey = new Map<string, T>();
  const requests: SimulatedRequest[] = [];
  let seq = 0;

  const data = {
    reset() {
      invoices.length = 0;
      byKey.clear();
      requests.length = 0;
      seq = 0;
    },
    snapshot: () => ({ invoices: invoices.length, requests: requests.length }),
  };
  registerControl(app, faults, data);

  app.addHook('onResponse', async (req, reply) => {
    if (req.url.startsWith(prefix))
      requests.push({
        method: req.method,
        path: req.url,
        key: req.headers['idempotency-key'] as string | undefined,
        status: reply.statusCode,
      });
  });

  /**
   * The data routes' preHandler: faults first (as a gateway in front of the service), then the API
   * key `readKey` finds; none, or the key `invalid`, is a 401. The key is left on the request as `apiKey`.
   */
  const keyGuard =
    (readKey: (req: FastifyRequest) => string, messages: { missing: string; invalid: string }) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      if (await faults.before(reply)) return reply;
      const key = readKey(req);
      if (!key) return reply.code(401).send({ error: 'Unauthorized', message: messages.missing });
      if (key === 'invalid') return reply.code(401).send({ error: 'Unauthorized', message: messages.invalid });
      (req as FastifyRequest & { apiKey: string }).apiKey = key;
    };

  return {
    app,
    faults,
    invoices,
    byKey,
    keyGuard,
    /** the next invoice number this simulator hands out (1, 2, ...; back to 1 on reset) */
    nextSeq: () => ++seq,
    async listen(opts: { port?: number; host?: string }): Promise<PartnerSimulator<T>> {
      const url = await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
      return {
        url,
        async close() {
          faults.close();
          await app.close();
        },
        control: {
          faults: (input) => faults.set(input),
          reset() {
            faults.reset();
            data.reset();
          },
          invoices: () => [...invoices],
          requests: () => [...requests],
        },
      };
    },
  };
}
