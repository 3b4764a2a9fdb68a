/**
 * A tiny Prometheus registry (text format 0.0.4): request counts, conversion durations per converter,
 * queue depth and engine restarts. No dependency: counters and fixed-bucket histograms are enough.
 */
import { engineRestarts } from '../engines/engine-restarts';
import type { QueueDepth } from '../jobs/job-queue';

const DURATION_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1200];

interface Histogram {
  buckets: number[];
  sum: number;
  count: number;
}

const escapeLabel = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export class MetricsRegistry {
  private readonly requests = new Map<string, number>();
  private readonly conversions = new Map<string, number>();
  private readonly durations = new Map<string, Histogram>();

  recordRequest(method: string, route: string, status: number): void {
    const key = `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status="${status}"`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
  }

  recordConversion(endpoint: string, outcome: 'success' | 'failure', seconds: number): void {
    const key = `converter="${escapeLabel(endpoint)}",outcome="${outcome}"`;
    this.conversions.set(key, (this.conversions.get(key) ?? 0) + 1);
    const histogramKey = `converter="${escapeLabel(endpoint)}"`;
    let histogram = this.durations.get(histogramKey);
    if (!histogram) {
      histogram = { buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.durations.set(histogramKey, histogram);
    }
    DURATION_BUCKETS.forEach((limit, index) => {
      if (seconds <= limit && histogram) histogram.buckets[index] = (histogram.buckets[index] ?? 0) + 1;
    });
    histogram.sum += seconds;
    histogram.count += 1;
  }

  render(depth: QueueDepth): string {
    const lines: string[] = [];
    lines.push(
      '# HELP docstudio_http_requests_total HTTP requests answered.',
      '# TYPE docstudio_http_requests_total counter',
    );
    for (const [labels, value] of this.requests)
      lines.push(`docstudio_http_requests_total{${labels}} ${value}`);
    lines.push('# HELP docstudio_conversions_total Conversions ended, by converter and outcome.');
    lines.push('# TYPE docstudio_conversions_total counter');
    for (const [labels, value] of this.conversions)
      lines.push(`docstudio_conversions_total{${labels}} ${value}`);
    lines.push('# HELP docstudio_conversion_duration_seconds Conversion time per converter.');
    lines.push('# TYPE docstudio_conversion_duration_seconds histogram');
    for (const [labels, histogram] of this.durations) {
      DURATION_BUCKETS.forEach((limit, index) => {
        lines.push(
          `docstudio_conversion_duration_seconds_bucket{${labels},le="${limit}"} ${histogram.buckets[index] ?? 0}`,
        );
      });
      lines.push(`docstudio_conversion_duration_seconds_bucket{${labels},le="+Inf"} ${histogram.count}`);
      lines.push(`docstudio_conversion_duration_seconds_sum{${labels}} ${histogram.sum}`);
      lines.push(`docstudio_conversion_duration_seconds_count{${labels}} ${histogram.count}`);
    }
    lines.push(
      '# HELP docstudio_queue_jobs Jobs waiting or running, by engine pool.',
      '# TYPE docstudio_queue_jobs gauge',
    );
    lines.push(
      `docstudio_queue_jobs{state="waiting"} ${depth.waiting}`,
      `docstudio_queue_jobs{state="running"} ${depth.running}`,
    );
    for (const [engine, counts] of Object.entries(depth.perEngine)) {
      lines.push(`docstudio_queue_engine_jobs{engine="${engine}",state="waiting"} ${counts?.waiting ?? 0}`);
      lines.push(`docstudio_queue_engine_jobs{engine="${engine}",state="running"} ${counts?.running ?? 0}`);
    }
    lines.push('# HELP docstudio_engine_restarts_total Warm engine processes restarted.');
    lines.push('# TYPE docstudio_engine_restarts_total counter');
    for (const [engine, value] of engineRestarts())
      lines.push(`docstudio_engine_restarts_total{engine="${escapeLabel(engine)}"} ${value}`);
    return `${lines.join('\n')}\n`;
  }
}
