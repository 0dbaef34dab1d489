import * as opsApi from '@dbo/domain/endpoints/ops';
import fs from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import helmet from '@fastify/helmet';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { shopManifest } from './modules/customer-app/shop-manifest.js';
import { SHELL_SCRIPT_HASH, shopPages } from './modules/customer-app/shop-shell.js';
import { shopManifestParams } from '@dbo/domain/customer-app';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { keyFromConfig, useSecretsKey } from './lib/secrets.js';
import { recordApiRoutes, routeOf } from './lib/endpoint-route.js';
import { serializerCompiler } from './lib/serializer.js';
import { configureSessionCache, connectSessionBus } from './modules/auth/session-cache.js';
import type { Db } from './db/client.js';
import { dataExceptionMessage, HttpError, isTransientConflict, TRANSIENT_CONFLICT_MESSAGE } from './lib/errors.js';
import type { App, AppDeps, AppServices } from './lib/http.js';
import type { Mailer } from './lib/mailer.js';
import { createJobQueue } from './lib/jobs.js';
import { documentRoute, markSignedIn } from './lib/openapi.js';
import { createMailer } from './lib/mailer.js';
import { connectSharedCounter, rateLimitStore } from './lib/shared-limits.js';
import { REDACT_PATHS, requestId, safeUrl } from './lib/log-safety.js';
import { countJobFailure, registerJobMetrics, registerMetrics } from './lib/metrics.js';
import { attachRealtime } from './lib/realtime.js';
import { registerRequestContext } from './lib/request-context.js';
import authPlugin from './modules/auth/auth.plugin.js';
import { staffSockets } from './modules/auth/auth.sockets.js';
import { customerSockets } from './modules/customers/customer-sockets.js';
import { guardStaffRoutes } from './modules/auth/permissions.plugin.js';
import { logoDir } from './modules/company/company.service.js';
import { createWiring } from './modules/wiring.js';

export const API_PREFIX = '/api/v1';

export interface BuildOptions {
  config: AppConfig;
  db: Db;
  mailer?: Mailer;
  jwtSecret: string;
  /** socket.io on the HTTP server (off in app.inject tests) */
  realtime?: boolean;
  logger?: boolean;
  /** where the log lines go (tests read them); stdout when unset */
  logStream?: { write(line: string): void };
}

type RoutesFn = (app: App) => Promise<void>;

/**
 * Every `modules/<domain>/<name>.routes.ts` may export `privateRoutes` (a live token needed) and
 * `publicRoutes`. They are found by file name, so a new module needs no registry edit.
 */
async function discoverRouteModules(): Promise<{ privateModules: RoutesFn[]; publicModules: RoutesFn[] }> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const ext = path.extname(fileURLToPath(import.meta.url));
  const modulesDir = path.join(here, 'modules');
  const files = fs
    .readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(`.routes${ext}`))
    .sort();
  const privateModules: RoutesFn[] = [];
  const publicModules: RoutesFn[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(modulesDir, file)).href)) as {
      privateRoutes?: RoutesFn;
      publicRoutes?: RoutesFn;
    };
    if (mod.privateRoutes) privateModules.push(mod.privateRoutes);
    if (mod.publicRoutes) publicModules.push(mod.publicRoutes);
  }
  return { privateModules, publicModules };
}

export async function buildApp(opts: BuildOptions) {
  const { config } = opts;
  useSecretsKey(keyFromConfig(config));
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // every log line of a request carries its id (reqId); a proxy's X-Request-Id is reused
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: 5 * 1024 * 1024,
    // X-Forwarded-For only from the proxies named in TRUST_PROXY; otherwise req.ip is the socket's
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // signed print tokens (/pdf/invoice/{token}) are longer than the default 100
    routerOptions: { maxParamLength: 1000 },
    // Fastify's own request logging writes two lines per request; we write one (below)
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // socket events emitted while serving a request log with its id
  registerRequestContext(app);
  app.addHook('onResponse', async (req, reply) => {
    const ms = Math.round(reply.elapsedTime);
    // the URL without tokens (print links, reset links) and with the request's id
    const url = safeUrl(req.url);
    req.log.info(`${req.method} ${url} ${reply.statusCode} ${ms}ms`);
    req.log.debug(
      {
        req: { method: req.method, url, host: req.host, remoteAddress: req.ip },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // without realtime (most tests) events go nowhere; attachRealtime below sets the socket.io emitters
  let emitters: Pick<AppDeps, 'emit' | 'emitToCustomer'> = { emit: () => {}, emitToCustomer: () => {} };
  const services: AppServices = {
    config,
    db: opts.db,
    mailer:
      opts.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom }),
    emit: (companyId, event, payload) => emitters.emit(companyId, event, payload),
    emitToCustomer: (customerUserId, event, payload) => emitters.emitToCustomer(customerUserId, event, payload),
    sharedLimits: config.redisUrl ? await connectSharedCounter(config.redisUrl) : undefined,
    jobs: createJobQueue(opts.db, {
      pollMs: config.jobsPollMs,
      leaseMs: config.jobsLeaseMs,
      retryBaseMs: config.jobsRetryBaseMs,
      retryLimit: config.jobsRetryLimit,
      log: (msg, err) => app.log.error(err, msg),
      onGiveUp: (name) => countJobFailure(deps, name),
    }),
  };
  // what each module plugs into the ones below it, for this app alone (modules/wiring.ts)
  const deps: AppDeps = { ...services, wiring: createWiring(services, (err) => app.log.error(err)) };
  app.decorate('deps', deps);
  if (deps.sharedLimits) {
    const shared = deps.sharedLimits;
    app.addHook('onClose', async () => shared.close());
  }
  // modules register their handlers while the routes load; the worker starts once all are in, and
  // on close stops claiming and waits for the running jobs before the database closes
  if (config.jobsWorker) app.addHook('onReady', async () => deps.jobs.start());
  app.addHook('preClose', async () => deps.jobs.stop());

  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({
        statusCode: err.statusCode,
        error: STATUS_CODES[err.statusCode] ?? 'Error',
        message: err.message,
        ...(err.details ? { details: err.details } : {}),
        ...(err.payload ?? {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = [...new Set(err.validation.map((v) => v.message))];
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: details[0], details });
    }
    const dataException = dataExceptionMessage(err);
    if (dataException) return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: dataException });
    if (isTransientConflict(err)) {
      req.log.warn(err, 'transaction conflict');
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ statusCode: 503, error: 'Service Unavailable', message: TRANSIENT_CONFLICT_MESSAGE });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 500) req.log.error(err);
    return reply.code(status).send({
      statusCode: status,
      error: STATUS_CODES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error'),
      message: status >= 500 ? 'Something went wrong' : err.message,
    });
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // and the shop page's one inline line (shop-shell.ts), by its hash
        scriptSrc: ["'self'", SHELL_SCRIPT_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        // the socket is same origin: 'self' covers its ws:// or wss:// (CSP 3), no other host
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // routes' config.rateLimit counts in Redis too when REDIS_URL is set (all processes together)
  await app.register(rateLimit, { global: false, store: rateLimitStore(deps.sharedLimits) });
  await app.register(jwt, { secret: opts.jwtSecret, sign: { expiresIn: '23h' } });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Distributor Back-office API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    // zod to JSON Schema, plus every route's error answers and file content types (lib/openapi.ts)
    transform: documentRoute(API_PREFIX),
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  await app.register(authPlugin);

  registerMetrics(app, config.metricsToken);
  registerJobMetrics(deps, () => deps.jobs.stats());

  const { privateModules, publicModules } = await discoverRouteModules();
  await app.register(
    async (api) => {
      // every API route with its schema, for the endpoint catalogue's test
      recordApiRoutes(api, app, API_PREFIX);
      const typed = api.withTypeProvider<ZodTypeProvider>() as App;
      typed.route({ ...routeOf(opsApi.health), handler: async () => ({ status: 'ok' }) });
      typed.route({
        ...routeOf(opsApi.logoFile, { produces: ['image/*'] }),
        handler: async (req, reply) => {
          const name = path.basename((req.params as { name: string }).name);
          return reply.header('cache-control', 'public, max-age=86400').sendFile(name, logoDir(config.dataDir));
        },
      });
      for (const mod of publicModules) await mod(typed);
      await typed.register(async (priv) => {
        priv.addHook('onRequest', app.authenticate);
        // documented as needing the bearer token (so 401 and 403 too)
        markSignedIn(priv);
        // every staff route is checked against the permission table (@dbo/domain/permissions)
        guardStaffRoutes(priv, app, API_PREFIX);
        for (const mod of privateModules) await mod(priv.withTypeProvider<ZodTypeProvider>() as App);
      });
    },
    { prefix: API_PREFIX },
  );

  // The built web app, with index.html for every client-side route.
  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  await app.register(fastifyStatic, {
    root: hasWeb ? config.webDist : path.join(config.dataDir),
    serve: hasWeb,
    wildcard: false,
    index: false,
    // the web build writes .br and .gz beside each asset; the client's Accept-Encoding picks one
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // file names under assets/ carry a content hash: they never change, so cache them for a year
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // the driver's worker answers /driver (where a driver's sign-in lands) as well as /driver/
      // (the file served may be its .br or .gz beside it)
      if (/[\\/]driver[\\/]sw\.js(\.br|\.gz)?$/.test(filePath)) res.header('service-worker-allowed', '/driver');
    },
  });
  // the shop's web app manifest, per distributor (issue 34); the worker is the static /shop/sw.js
  // a file of the web app, not an API operation: out of the OpenAPI document, its address checked
  app.get(
    '/shop/:subdomain/manifest.webmanifest',
    { schema: { hide: true, params: shopManifestParams } },
    async (req, reply) => {
      const m = await shopManifest(opts.db, (req.params as { subdomain: string }).subdomain);
      if (!m)
        return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'No distributor at this address' });
      return reply.type('application/manifest+json').header('cache-control', 'no-cache').send(JSON.stringify(m));
    },
  );
  // a shop's pages carry their first screen (issue 34: painted before the shop's code)
  const shopPage = shopPages(opts.db, config);
  app.setNotFoundHandler(async (req, reply) => {
    // a build file that is not there (a tab opened before a deploy asks for its old chunks) is a
    // 404, not the app's page: a script answered with HTML fails to load, and a worker would keep it
    const missingFile = req.url.startsWith('/assets/');
    if (
      req.method === 'GET' &&
      hasWeb &&
      !missingFile &&
      !req.url.startsWith(`${API_PREFIX}/`) &&
      !req.url.startsWith('/socket.io')
    ) {
      const shop = await shopPage(req);
      if (shop) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(shop);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found' });
  });

  if (config.redisUrl && config.sessionCacheMs > 0) {
    const closeBus = await connectSessionBus(config.redisUrl, config.sessionCacheMs);
    app.addHook('onClose', closeBus);
  } else configureSessionCache({ ttlMs: config.sessionCacheMs });

  if (opts.realtime) {
    // a socket opens with a shop customer's token or a staff member's, as the owning module admits it
    emitters = await attachRealtime(app, { sessions: [customerSockets, staffSockets], redisUrl: config.redisUrl });
  }
  return app;
}
