/**
 * The engines' versions for healthz: each engine's own `--version`, probed in the background once the
 * server listens (main.ts) and then at most once a minute. soffice takes a second to answer (more
 * under load): probed on the first health check, that check took ~0.9 s while the server sat idle.
 */
import { EngineExitError, runEngine } from './run-engine';

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
