import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** how long in-flight requests may take; then open connections are cut and the process exits 1 */
  timeoutMs: number;
  exit?: (code: number) => void;
}

/**
 * SIGTERM / SIGINT: stop accepting (the listening socket closes; a request arriving on a kept-alive
 * connection gets 503), let the requests in flight finish, then the app's onClose hooks close the
 * sockets (socket.io), Redis and the database. Past `timeoutMs` the remaining connections are cut
 * and the process exits 1, so an orchestrator's own kill deadline is never what ends it.
 */
export function gracefulShutdown(app: FastifyInstance, opts: ShutdownOptions) {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let closing: Promise<void> | undefined;
  return (signal: string): Promise<void> => {
    closing ??= (async () => {
      const started = Date.now();
      app.log.info({ signal, timeoutMs: opts.timeoutMs }, 'shutting down: draining in-flight requests');
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        app.log.error({ timeoutMs: opts.timeoutMs }, 'shutdown timed out: closing the remaining connections');
        app.server.closeAllConnections?.();
        exit(1);
      }, opts.timeoutMs);
      timer.unref();
      // a kept-alive connection whose request finishes after close began would hold the server open
      // until its keep-alive timeout: close connections as soon as they fall idle
      const sweeper = setInterval(() => app.server.closeIdleConnections?.(), 100);
      sweeper.unref();
      try {
        await app.close();
      } catch (err) {
        app.log.error(err, 'error while shutting down');
        clearTimeout(timer);
        clearInterval(sweeper);
        if (!timedOut) exit(1);
        return;
      }
      clearTimeout(timer);
      clearInterval(sweeper);
      if (timedOut) return;
      app.log.info({ ms: Date.now() - started }, 'shut down');
      exit(0);
    })();
    return closing;
  };
}
