/**
 * Builds the server: database (migrated), keys, encrypted store, queue, routes under /api, the
 * sign-in site under /a, the built studio at / with SPA fallback, and CORS for partner origins.
 * Nothing listens until the caller does; close() stops the sweeper, waits for async jobs, stops the
 * warm engines (when it is the process's last server) and closes the database.
 */
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { ApiKeyService } from './auth/api-keys';
import { loadSharedSigningKeys, loadSigningKeys } from './auth/jwt-keys';
import { RevokedTokens } from './auth/revoked-tokens';
import { TokenService } from './auth/tokens';
import { UserService } from './auth/users';
import { defaultConfig, defaultEngineConcurrency, type ServerConfig } from './config/config';
import { converters as converterTable } from './converters';
import type { Converter } from './converters/converter.types';
import { configurePageCaps } from './converters/page-caps';
import { holdEngines } from './engines/engine-lifecycle';
import { workEnds, workStarts } from './engines/idle-collection';
import { configureMupdfWorkers } from './engines/mupdf-worker';
import { registerAccountRoutes } from './http/account.routes';
import { registerAuthFunctionRoutes } from './http/auth-functions.routes';
import { answerClientError } from './http/client-errors';
import { registerConvertRoutes } from './http/convert.routes';
import { installCors } from './http/cors';
import { closeConnectionsWhenDraining } from './http/drain-connections';
import { installErrorHandler, toErrorAnswer } from './http/error-answer';
import { registerFileRoutes } from './http/files.routes';
import { registerHealthRoutes } from './http/health.routes';
import { MetricsRegistry } from './http/metrics';
import { registerOcrLanguagesRoute } from './http/ocr-languages.routes';
import { installOpenApi } from './http/openapi/install-openapi';
import { registerOpenApiRoute } from './http/openapi/openapi.routes';
import { refuseQueryCredentials } from './http/query-credentials';
import { RateLimits } from './http/rate-limit';
import { registerRedactionPreviewRoute } from './http/redaction-preview.routes';
import { guardRequestBodies, requestTimeouts } from './http/request-bodies';
import { requestIdOf, returnRequestIds } from './http/request-id';
import { requestLoggerOptions, SafeLogController } from './http/request-logging';
import { ROUTE_VALIDATOR_OPTIONS } from './http/schemas/validator-options';
import { downloadUrlFor, type ServerContext } from './http/server-context';
import { registerSignInRoutes } from './http/sign-in.routes';
import { registerStaticSite } from './http/static-site';
import { registerWorkflowRunRoute } from './http/workflow-run.routes';
import { resumeAdoptedRun } from './http/workflow-run-resume';
import { registerWorkflowRunsRoute } from './http/workflow-runs.routes';
import { registerWorkflowRoutes } from './http/workflows.routes';
import { registerZipRoute } from './http/zip.routes';
import { CallbackDeliveries } from './jobs/callback-delivery';
import { type Conversions, LocalConversions } from './jobs/conversions';
import { InProcessJobQueue } from './jobs/job-queue';
import { JobRecords } from './jobs/job-records';
import { cleanUpPreviousRuns } from './jobs/previous-run-cleanup';
import { ResultsSoFar } from './jobs/results-so-far';
import { urlPolicyOf } from './jobs/run-conversion';
import { startSweeper } from './jobs/sweeper';
import { startRunAdopter } from './jobs/workflow-run-adopter';
import { RunLeases } from './jobs/workflow-run-leases';
import { WorkflowRunRecords } from './jobs/workflow-runs';
import { dialectFor, openDatabase } from './storage/database';
import { newId } from './storage/file-names';
import { FileStore } from './storage/file-store';
import { loadKeyRing } from './storage/key-ring';
import { thisRunId } from './storage/run-identity';
import { resealWorkflowSecrets } from './storage/sealed-steps';
import { checkSharedStorageKey, fileBackendFor } from './storage/shared-storage';

/** 'close' listeners an answer may hold before Node warns of a leak: twice the most seen (below). */
const ANSWER_CLOSE_LISTENERS = 22;

export type ServerOptions = Partial<ServerConfig> & {
  /** The converter table; the default is converters/index.ts (tests add their own). */
  converters?: readonly Converter[];
};

/**
 * The cluster's parts, imported only with REDIS_URL: bullmq and ioredis alone are ~0.3 s of CPU at
 * start, which a single server never needs.
 */
async function loadRedisParts() {
  const [{ RedisBuckets }, { startConversionWorkers }, { RedisConversions }, { SweepLock }] =
    await Promise.all([
      import('./http/redis-rate-limiter'),
      import('./jobs/conversion-worker'),
      import('./jobs/redis-conversions'),
      import('./jobs/sweep-lock'),
    ]);
  return { RedisBuckets, startConversionWorkers, RedisConversions, SweepLock };
}

export async function createServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const config: ServerConfig = { ...defaultConfig(), ...options };
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const leftovers = await cleanUpPreviousRuns();

  checkSharedStorageKey(config);
  const keys = loadKeyRing(config.dataDir, config.storageKeyHex, config.previousStorageKeyHex);
  const db = await openDatabase(dialectFor(config.databaseUrl, config.dataDir), keys);
  await resealWorkflowSecrets(db, keys);
  const store = new FileStore(db, fileBackendFor(config, db), keys, () => config.retentionMinutes * 60_000);
  await store.init();
  // A shared database shares the signing key too: a token from one node is valid on every node.
  const signingKeys = config.databaseUrl
    ? await loadSharedSigningKeys(db, keys)
    : await loadSigningKeys(config.dataDir);
  const tokens = new TokenService(signingKeys, new RevokedTokens(db));
  const queue = new InProcessJobQueue(config.maxQueue, config.engineConcurrency);
  const redis = config.redisUrl ? await loadRedisParts() : undefined;
  // With Redis, every API node charges the same rate-limit buckets.
  const sharedBuckets =
    redis && config.redisUrl ? new redis.RedisBuckets(config.redisUrl, config.redisKeyPrefix) : undefined;
  const context: ServerContext = {
    config,
    db,
    keys,
    store,
    tokens,
    apiKeys: new ApiKeyService(db),
    users: new UserService(db),
    queue,
    // Replaced below once the context exists (the in-process path runs with the context's services).
    conversions: undefined as unknown as Conversions,
    jobs: new JobRecords(db, keys),
    resultsSoFar: new ResultsSoFar(),
    runs: new WorkflowRunRecords(db, keys),
    callbacks: new CallbackDeliveries({ ...config.webhooks, policy: () => urlPolicyOf(config) }),
    // A name per server instance (one process may hold several, in tests).
    leases: new RunLeases(db, `${hostname()}/${thisRunId()}/${newId()}`, config.workflowLeaseSeconds * 1000),
    metrics: new MetricsRegistry(() => queue.depth()),
    limits: new RateLimits(
      config.rateLimitPerMinute,
      config.signInAttemptsPerMinute,
      config.invalidTokensPerMinute,
      sharedBuckets ? (name, perMinute) => sharedBuckets.limiter(name, perMinute) : undefined,
      config.apiKeyRateLimitPerMinute,
    ),
    converters: options.converters ?? converterTable,
    background: new Set(),
  };
  context.conversions =
    redis && config.redisUrl
      ? new redis.RedisConversions({
          redisUrl: config.redisUrl,
          keyPrefix: config.redisKeyPrefix,
          engines: [...new Set(context.converters.map((converter) => converter.engine))],
          store,
          keys,
          maxQueue: config.maxQueue,
        })
      : new LocalConversions(context);

  const app = Fastify({
    // Route patterns and ids, never URLs, file names, tokens, headers or bodies (request-logging.ts).
    logger: config.logger ? requestLoggerOptions(config) : false,
    logController: new SafeLogController(),
    // X-Request-Id as sent when safe, else a new id: in every log line and every answer (request-id.ts).
    genReqId: requestIdOf,
    // Uploads are multipart streams; this bounds only JSON and urlencoded bodies.
    bodyLimit: 2 * 1024 * 1024,
    // X-Forwarded-* only from the configured proxies (TRUST_PROXY); PUBLIC_URL alone trusts nobody.
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
    ...requestTimeouts(config),
    clientErrorHandler: answerClientError,
    // the schemas are checked against the meta-schema in CI, not at every start (validator-options.ts)
    ajv: ROUTE_VALIDATOR_OPTIONS,
  });
  if (leftovers.killedEngines || leftovers.shreddedFolders)
    app.log.warn(leftovers, 'cleaned up after a previous run that did not stop cleanly');
  returnRequestIds(app);
  installErrorHandler(app, [config.dataDir]);
  installCors(app, config.corsOrigins, config.publicUrl);
  await app.register(formbody);
  await app.register(multipart, { throwFileSizeLimit: false });
  // Before any route: the document is generated from the routes' schemas as they are registered.
  await installOpenApi(app, context.converters);

  app.addHook('onResponse', async (request, reply) => {
    context.metrics.recordRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode);
  });
  // A request is the main thread's work: once none is left, a server process collects its garbage
  // (idle-collection.ts; main.ts turns that on). 'close' comes once per answer, sent or cut off.
  app.server.on('request', (_request, response) => {
    workStarts();
    response.once('close', workEnds);
    // A file of the studio collects 11 'close' listeners on its answer, all removed when it closes:
    // this one, @fastify/multipart's, the file stream's pipe and four end-of-stream pairs (Fastify
    // waits on the reply each time an async function of @fastify/static returns it). Node's default
    // of 10 printed "Possible EventEmitter memory leak detected" at the studio's first page.
    response.setMaxListeners(ANSWER_CLOSE_LISTENERS);
  });
  closeConnectionsWhenDraining(app);
  guardRequestBodies(app, context);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
  });

  await app.register(
    async (api) => {
      // Tokens travel in the Authorization header only, never in a URL that gets logged.
      api.addHook('onRequest', refuseQueryCredentials);
      // A worker answers only its health and metrics: conversions reach it through Redis.
      if (config.role === 'worker') return registerHealthRoutes(api, context);
      registerConvertRoutes(api, context);
      registerRedactionPreviewRoute(api, context);
      registerFileRoutes(api, context);
      registerZipRoute(api, context);
      registerOcrLanguagesRoute(api);
      registerAuthFunctionRoutes(api, context);
      registerAccountRoutes(api, context);
      registerWorkflowRoutes(api, context);
      registerWorkflowRunRoute(api, context);
      registerWorkflowRunsRoute(api, context);
      registerHealthRoutes(api, context);
      registerOpenApiRoute(api, context);
    },
    { prefix: '/api' },
  );
  if (config.role !== 'worker') {
    await app.register(async (site) => registerSignInRoutes(site, context), { prefix: '/a' });
    await registerStaticSite(app, context);
  }
  // With Redis, the node holding the sweep lock sweeps for the whole cluster, one pass at a time.
  const sweepLock =
    redis && config.redisUrl
      ? new redis.SweepLock(config.redisUrl, config.sweepIntervalMs, config.redisKeyPrefix)
      : undefined;
  const sweeper = startSweeper(context, sweepLock);
  // Workflow runs whose node stopped are continued by an API node (on SQLite: the runs the previous
  // process of this single server left, at once).
  const adopter =
    config.role === 'worker'
      ? undefined
      : startRunAdopter(
          {
            leases: context.leases,
            runs: context.runs,
            resume: (run, point) => resumeAdoptedRun(context, app.log, run, point),
            log: app.log,
          },
          { previousRunsAreDead: !config.databaseUrl },
        );
  // MuPDF threads match the engine's job concurrency, so a queued MuPDF job always finds a thread.
  configureMupdfWorkers(
    config.engineConcurrency.mupdf ?? defaultEngineConcurrency.mupdf,
    config.workerIdleSeconds * 1000,
  );
  configurePageCaps({
    splitFiles: config.maxSplitFiles,
    jpgPages: config.maxJpgPages,
    ocrPages: config.maxOcrPages,
  });
  const releaseEngines = holdEngines(config);
  // A worker (ROLE=worker or all with REDIS_URL) takes queued conversions; an API node only enqueues.
  const workers =
    redis && config.redisUrl && config.role !== 'api'
      ? redis.startConversionWorkers(config.redisUrl, config.redisKeyPrefix, {
          ...context,
          engineConcurrency: config.engineConcurrency,
          describeFailure: (error) => toErrorAnswer(error),
          downloadUrlFor,
          log: { error: (details, message) => app.log.error(details, message) },
        })
      : undefined;
  app.decorate('docstudio', context);
  app.addHook('onClose', async () => {
    sweeper.stop();
    adopter?.stop();
    await sweepLock?.close();
    await sharedBuckets?.close();
    await context.conversions.close();
    await workers?.close();
    await Promise.allSettled([...context.background]);
    // Webhooks of runs that just ended get a short grace, then are dropped (never an endless wait).
    await context.callbacks.close();
    await context.queue.close();
    await releaseEngines();
    await db.destroy();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's services, for tests and operations scripts. */
    docstudio: ServerContext;
  }
}
