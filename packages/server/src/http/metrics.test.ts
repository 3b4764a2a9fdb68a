/**
 * GET /metrics as Prometheus scrapes it, parsed family by family: HELP and TYPE on every family, the
 * docstudio_* families dashboards use (a real conversion in the duration histogram), prom-client's
 * process and event-loop metrics, and one registry per server (two servers in one process).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { type MetricFamily, parseMetrics, sampleValue } from '../testing/metrics-text';
import { pipelineConverters } from '../testing/pipeline-converters';
import { startTestServer, type TestServer } from '../testing/test-server';

const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary']);

async function scrape(server: TestServer): Promise<Map<string, MetricFamily>> {
  const response = await fetch(`${server.apiUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseMetrics(await response.text());
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ converters: pipelineConverters });
});
afterAll(async () => {
  await server.close();
});

describe('GET /metrics', () => {
  it('gives every family HELP and TYPE, and keeps the docstudio_* families', async () => {
    const families = await scrape(server);
    expect(families.size).toBeGreaterThan(20);
    for (const family of families.values()) {
      expect(family.help, family.name).toMatch(/\S/);
      expect(TYPES.has(family.type ?? ''), `${family.name}: ${family.type}`).toBe(true);
    }
    expect(
      Object.fromEntries(
        [
          'docstudio_http_requests_total',
          'docstudio_conversions_total',
          'docstudio_conversion_duration_seconds',
          'docstudio_queue_jobs',
          'docstudio_queue_engine_jobs',
          'docstudio_engine_restarts_total',
        ].map((name) => [name, families.get(name)?.type]),
      ),
    ).toEqual({
      docstudio_http_requests_total: 'counter',
      docstudio_conversions_total: 'counter',
      docstudio_conversion_duration_seconds: 'histogram',
      docstudio_queue_jobs: 'gauge',
      docstudio_queue_engine_jobs: 'gauge',
      docstudio_engine_restarts_total: 'counter',
    });
    expect(sampleValue(families, 'docstudio_queue_jobs', { state: 'waiting' })).toBe(0);
    expect(sampleValue(families, 'docstudio_queue_jobs', { state: 'running' })).toBe(0);
  });

  it('puts a conversion in the duration histogram of its converter and counts its request', async () => {
    const answer = await server.convert('test/to/linearize', {}, [`${CORPUS_DIR}/pdf/crazyones.pdf`]);
    expect(answer.status).toBe(200);
    const families = await scrape(server);
    const converter = { converter: 'test/to/linearize' };
    expect(sampleValue(families, 'docstudio_conversion_duration_seconds_count', converter)).toBe(1);
    expect(
      sampleValue(families, 'docstudio_conversion_duration_seconds_bucket', { ...converter, le: '+Inf' }),
    ).toBe(1);
    const seconds = sampleValue(families, 'docstudio_conversion_duration_seconds_sum', converter) ?? 0;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(60);
    // The buckets are cumulative: the one at 60 s holds the conversion as well.
    expect(
      sampleValue(families, 'docstudio_conversion_duration_seconds_bucket', { ...converter, le: '60' }),
    ).toBe(1);
    expect(sampleValue(families, 'docstudio_conversions_total', { ...converter, outcome: 'success' })).toBe(
      1,
    );
    expect(
      sampleValue(families, 'docstudio_http_requests_total', {
        method: 'POST',
        route: '/api/convert/*',
        status: '200',
      }),
    ).toBe(1);
  });

  it("reports the process's own metrics, event-loop lag included", async () => {
    const families = await scrape(server);
    for (const [name, type] of [
      ['nodejs_eventloop_lag_seconds', 'gauge'],
      ['nodejs_eventloop_lag_p99_seconds', 'gauge'],
      ['process_cpu_seconds_total', 'counter'],
      ['process_resident_memory_bytes', 'gauge'],
      ['nodejs_heap_size_used_bytes', 'gauge'],
      ['nodejs_active_handles_total', 'gauge'],
    ] as const) {
      expect(families.get(name)?.type, name).toBe(type);
    }
    const lag = sampleValue(families, 'nodejs_eventloop_lag_seconds');
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(5);
    expect(sampleValue(families, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('counts per server: a second server in the same process starts from zero', async () => {
    const second = await startTestServer({ converters: pipelineConverters });
    try {
      const families = await scrape(second);
      expect(
        sampleValue(families, 'docstudio_conversions_total', { converter: 'test/to/linearize' }),
      ).toBeUndefined();
      expect(
        sampleValue(families, 'docstudio_http_requests_total', { route: '/api/convert/*' }),
      ).toBeUndefined();
      // The first server still has its own.
      const first = await scrape(server);
      expect(sampleValue(first, 'docstudio_conversions_total', { converter: 'test/to/linearize' })).toBe(1);
    } finally {
      await second.close();
    }
  });
});
