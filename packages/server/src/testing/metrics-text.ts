/**
 * Reading /metrics as Prometheus does: `parseMetrics` splits the text format (0.0.4) into families
 * with their HELP, TYPE and samples, so tests check what a scraper would get. `metricsText` is what
 * GET /metrics would answer now (an idle queue), for tests of the engine pools that check what an
 * operator sees, such as docstudio_engine_restarts_total, without a server.
 */
import { MetricsRegistry } from '../http/metrics';

export interface MetricSample {
  /** The sample's own name (a histogram's `_bucket`, `_sum` and `_count` lines keep their suffix). */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  help: string | undefined;
  type: string | undefined;
  samples: MetricSample[];
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL_PAIR = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(?:,|$)/gy;
const SUFFIXES = ['_bucket', '_sum', '_count'];

const unescapeText = (value: string): string =>
  value.replace(/\\(.)/g, (_whole, char: string) => (char === 'n' ? '\n' : char));

function parseValue(text: string): number {
  if (/^\+?Inf$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-Inf$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^NaN$/i.test(text)) return Number.NaN;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`Not a sample value: '${text}'`);
  return value;
}

function parseLabels(text: string | undefined, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  if (!text) return labels;
  LABEL_PAIR.lastIndex = 0;
  let read = 0;
  for (let match = LABEL_PAIR.exec(text); match; match = LABEL_PAIR.exec(text)) {
    labels[match[1] as string] = unescapeText(match[2] as string);
    read = LABEL_PAIR.lastIndex;
  }
  if (read !== text.length) throw new Error(`Malformed labels in '${line}'`);
  return labels;
}

/**
 * The families of a /metrics text, by name. A sample line without a HELP/TYPE of its own family
 * makes a family whose help and type are undefined (tests check every family has both); a line
 * that is neither a comment nor a sample throws.
 */
export function parseMetrics(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const family = (name: string): MetricFamily => {
    let found = families.get(name);
    if (!found) {
      found = { name, help: undefined, type: undefined, samples: [] };
      families.set(name, found);
    }
    return found;
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)$/.exec(line);
    if (meta) {
      const target = family(meta[2] as string);
      if (meta[1] === 'HELP') target.help = unescapeText(meta[3] ?? '');
      else target.type = meta[3];
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = SAMPLE_LINE.exec(line);
    if (!sample) throw new Error(`Not a Prometheus text line: '${line}'`);
    const name = sample[1] as string;
    const suffix = SUFFIXES.find((end) => name.endsWith(end) && families.has(name.slice(0, -end.length)));
    const owner = families.has(name) || !suffix ? name : name.slice(0, -suffix.length);
    family(owner).samples.push({
      name,
      labels: parseLabels(sample[2], line),
      value: parseValue(sample[3] as string),
    });
  }
  return families;
}

/** The value of the sample `name` whose labels include `labels`, or undefined. */
export function sampleValue(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families.values())
    for (const sample of family.samples)
      if (
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value)
      )
        return sample.value;
  return undefined;
}

let idleRegistry: MetricsRegistry | undefined;

export const metricsText = (): Promise<string> => {
  idleRegistry ??= new MetricsRegistry(() => ({ running: 0, waiting: 0, perEngine: {} }));
  return idleRegistry.render();
};
