/**
 * The engines' versions for healthz: each engine's own `--version`, probed in the background once the
 * server listens (main.ts) and then at most once a minute. soffice takes a second to answer (more
 * under load): probed on the first health check, that check took ~0.9 s while the server sat idle.
 *
 * The probes run one after another at the lowest CPU priority (`nice -n 19`): together they cost
 * ~0.6 s of CPU (ocrmypdf's Python 0.3 s, soffice 0.15 s), and started all at once as the server
 * began to listen they took the two cores from its first answers (the first /readyz came 45 ms after
 * listening, 28 ms with no probe at all) and, once a minute after that, from the jobs running.
 */
import { EngineExitError, runEngine } from './run-engine';

export interface EngineProbe {
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

/** nice's own exit codes: the command it was to run is missing (127) or not executable (126). */
const NOT_RUN = new Set([126, 127]);

export async function probeEngine(engine: EngineProbe): Promise<EngineStatus> {
  try {
    const { stdout, stderr } = await runEngine('nice', ['-n', '19', engine.command, ...engine.args], {
      timeoutMs: 20_000,
    });
    return { found: true, version: firstVersion(`${stdout.toString('utf8')}\n${stderr}`) };
  } catch (error) {
    // pdftotext -v exits 0 on new poppler, 99 on old; either way it printed its version
    if (error instanceof EngineExitError && !NOT_RUN.has(error.code))
      return { found: true, version: firstVersion(`${error.stdout}\n${error.stderr}`) };
    return { found: false, version: null };
  }
}

const firstVersion = (text: string): string | null => /\d+(?:\.\d+)+(?:[-.\w]*)?/.exec(text)?.[0] ?? null;

let cached: { at: number; value: Promise<Record<string, EngineStatus>> } | undefined;
let refreshing = false;

/** Each engine's status by its name, probed one at a time (why: the header). */
export async function probeEngines(probes: readonly EngineProbe[]): Promise<Record<string, EngineStatus>> {
  const statuses: Record<string, EngineStatus> = {};
  for (const engine of probes) statuses[engine.name] = await probeEngine(engine);
  return statuses;
}

const probeAll = (): Promise<Record<string, EngineStatus>> => probeEngines(PROBES);

/**
 * Engine versions, probed once a minute at most. After the first probe, a stale answer is served
 * while the next probe runs in the background, so a health check never waits for soffice; the first
 * probe starts when the server listens (probeEngineVersions), so only a check in its first second waits.
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

/** Starts the first probe (main.ts, once the server listens). */
export function probeEngineVersions(): void {
  void engineStatuses();
}
