import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';

/** The request a piece of code runs for, so code far from the handler (socket emits) logs with its id. */
export interface RequestContext {
  reqId: string;
  /** the request's logger: every line carries reqId */
  log: FastifyBaseLogger;
}

const storage = new AsyncLocalStorage<RequestContext>();
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/** The request being served here, if any (undefined at start-up, in timers, in socket handlers). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * Enters the request's context in onRequest, and re-enters it before validation: the body is parsed
 * in the request stream's event callbacks, whose async context Node does not promise to be ours
 * (the same guard as @fastify/request-context).
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (req, _reply, done) => {
    storage.run({ reqId: req.id, log: req.log }, () => {
      scopes.set(req, new AsyncResource('dbo-request'));
      done();
    });
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const scope = scopes.get(req);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}
