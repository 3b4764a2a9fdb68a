/**
 * The server's Prometheus metrics through prom-client: requests, conversions and their durations per
 * converter, queue depth, engine restarts, plus prom-client's process and Node.js metrics (CPU,
 * memory, handles, GC, event-loop lag). Every family has HELP and TYPE. The docstudio_* names are
 * the ones /metrics always had, so dashboards keep working.
 *
 * One registry per server instance (never prom-client's global one): tests start several servers in
 * one process, and each must count only its own requests. The process and Node.js metrics describe
 * the process, so one set of them (one event-loop monitor, one GC observer) serves every server.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { engineRestarts } from '../engines/engine-restarts';
import type { QueueDepth } from '../jobs/job-queue';
import type { ConversionOutcome } from '../jobs/run-conversion';

const DURATION_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1200];

let processRegistry: Registry | undefined;

/** prom-client's default metrics of this process, collected once however many servers it runs. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export class MetricsRegistry {
  private readonly registry = new Registry();
  /** This server's families and the process's, as one scrape. */
  private readonly scraped: Registry;
  private readonly requests = new Counter({
    name: 'docstudio_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly conversions = new Counter({
    name: 'docstudio_conversions_total',
    help: 'Conversions ended, by converter and outcome (success, failure, aborted: the client went away).',
    labelNames: ['converter', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly inputFiles = new Counter({
    name: 'docstudio_input_files_total',
    help: 'Input files of conversions, by how they came: sent (bytes in the request) or reference (a FileId or Url, no upload).',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: 'docstudio_conversion_duration_seconds',
    help: 'Conversion time per converter, from the start on its engine (time in the queue not counted).',
    labelNames: ['converter'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  /** `queueDepth` is read at each scrape; the engine restarts are the process's tally. */
  constructor(queueDepth: () => QueueDepth) {
    new Gauge({
      name: 'docstudio_queue_jobs',
      help: 'Jobs waiting or running.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const depth = queueDepth();
        this.set({ state: 'waiting' }, depth.waiting);
        this.set({ state: 'running' }, depth.running);
      },
    });
    new Gauge({
      name: 'docstudio_queue_engine_jobs',
      help: 'Jobs waiting or running, by engine pool.',
      labelNames: ['engine', 'state'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [engine, counts] of Object.entries(queueDepth().perEngine)) {
          this.set({ engine, state: 'waiting' }, counts?.waiting ?? 0);
          this.set({ engine, state: 'running' }, counts?.running ?? 0);
        }
      },
    });
    new Counter({
      name: 'docstudio_engine_restarts_total',
      help: 'Warm engine processes restarted after a crash, a hang or a kill.',
      labelNames: ['engine'] as const,
      registers: [this.registry],
      // The pools count restarts once per process (engines/engine-restarts.ts); copied at each scrape.
      collect() {
        this.reset();
        for (const [engine, value] of engineRestarts()) this.inc({ engine }, value);
      },
    });
    this.scraped = Registry.merge([processMetrics(), this.registry]);
  }

  recordRequest(method: string, route: string, status: number): void {
    this.requests.inc({ method, route, status: String(status) });
  }

  /** One input file received: its bytes in the request, or a reference to a file the server has. */
  recordInputFile(source: 'sent' | 'reference'): void {
    this.inputFiles.inc({ source });
  }

  recordConversion(endpoint: string, outcome: ConversionOutcome, seconds: number): void {
    this.conversions.inc({ converter: endpoint, outcome });
    this.durations.observe({ converter: endpoint }, seconds);
  }

  /** The Content-Type of render()'s text (the Prometheus text format 0.0.4). */
  get contentType(): string {
    return this.scraped.contentType;
  }

  /** Every family in the Prometheus text format, as GET /metrics answers. */
  render(): Promise<string> {
    return this.scraped.metrics();
  }
}
