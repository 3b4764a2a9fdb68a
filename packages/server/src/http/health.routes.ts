/**
 * Operations: healthz (liveness: engines found and their versions), readyz (database reachable and
 * no warm engine pool down, readiness.ts) and metrics (Prometheus text); their schemas in
 * schemas/health.schema.ts. The OpenAPI document: openapi/openapi.routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { EngineExitError, runEngine } from '../engines/run-engine';
import { readiness } from './readiness';
import { healthzSchema, metricsSchema, readyzSchema } from './schemas/health.schema';
import type { ServerContext } from './server-context';

interface EngineProbe {
  name: string;
  command: string;
  args: string[];
}

const PROBES: EngineProbe[] = [
  { name: 'soffice', command: 'soffice', args: ['--version'] },
  { name: 'gs', command: 'gs', args: ['--version'] },
  { name: 'qpdf', command: 'qpdf', args: ['--version'] },
  { name: 'tesseract', command: 'tesseract', args: ['--version'] },
  { name: 'ocrmypdf', command: 'ocrmypdf', args: ['--version'] },
  { name: 'chromium', command: 'chromium', args: ['--version'] },
  { name: 'pdftotext', command: 'pdftotext', args: ['-v'] },
];

export interface EngineStatus {
  found: boolean;
  version: string | null;
}

async function probe(engine: EngineProbe): Promise<EngineStatus> {
  try {
    const { stdout, stderr } = await runEngine(engine.command, engine.args, { timeoutMs: 20_000 });
    return { found: true, version: firstVersion(`${stdout.toString('utf8')}\n${stderr}`) };
  } catch (error) {
    // pdftotext -v exits 0 on new poppler, 99 on old; either way it printed its version
    if (error instanceof EngineExitError)
      return { found: true, version: firstVersion(`${error.stdout}\n${error.stderr}`) };
    return { found: false, version: null };
  }
}

const firstVersion = (text: string): string | null => /\d+(?:\.\d+)+(?:[-.\w]*)?/.exec(text)?.[0] ?? null;

let cached: { at: number; value: Promise<Record<string, EngineStatus>> } | undefined;
let refreshing = false;

const probeAll = (): Promise<Record<string, EngineStatus>> =>
  Promise.all(PROBES.map(async (engine) => [engine.name, await probe(engine)] as const)).then((entries) =>
    Object.fromEntries(entries),
  );

/**
 * Engine versions, probed once a minute at most (soffice takes a second to answer, more under load).
 * After the first probe, a stale answer is served while the next probe runs in the background, so a
 * health check never waits for soffice.
 */
export function engineStatuses(): Promise<Record<string, EngineStatus>> {
  if (!cached) {
    cached = { at: Date.now(), value: probeAll() };
  } else if (Date.now() - cached.at > 60_000 && !refreshing) {
    refreshing = true;
    const next = probeAll();
    void next
      .then((value) => {
        cached = { at: Date.now(), value: Promise.resolve(value) };
      })
      .catch(() => undefined)
      .finally(() => {
        refreshing = false;
      });
  }
  return cached.value;
}

export function registerHealthRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get('/healthz', { schema: healthzSchema }, async () => {
    const engines = await engineStatuses();
    const missing = Object.entries(engines)
      .filter(([, status]) => !status.found)
      .map(([name]) => name);
    return { status: missing.length ? 'degraded' : 'ok', missing, engines, queue: context.queue.depth() };
  });

  app.get('/readyz', { schema: readyzSchema }, async (_request, reply) => {
    const answer = await readiness(context);
    return reply.code(answer.status).send(answer.body);
  });

  app.get('/metrics', { schema: metricsSchema }, async (_request, reply) => {
    return reply.type(context.metrics.contentType).send(await context.metrics.render());
  });
}
