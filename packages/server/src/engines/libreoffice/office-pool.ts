/**
 * A small pool of warm LibreOffice instances. Measured here: one `soffice --convert-to` process per
 * file costs about a second; a warm UNO instance converts a small DOCX in a fraction of that. Each
 * slot owns a profile folder and starts lazily. Before and after every job the slot's instance is
 * checked (bridge process alive, a UNO round trip answered); a dead or wedged one is killed and a new
 * one started at once, also when it dies while idle. A job whose engine failed (not its document) is
 * retried once on a fresh instance; a document that crashes LibreOffice on both tries is refused as
 * 422 Code 5002. Instances are also recycled after `maxConversions` jobs (LibreOffice grows and
 * caches across documents).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { defaultConfig, type LibreOfficeSettings } from '../../config/config';
import { DomainError, damagedFile, engineTimeout, notReady } from '../../contract/errors';
import { recordEngineRestart } from '../engine-restarts';
import { timeLeftMs } from '../time-left';
import { type BridgeAnswer, type BridgeRequest, OfficeInstance } from './office-instance';
import { officePoolSize } from './pool-size';

export interface OfficePoolOptions {
  size: number;
  maxConversions: number;
  isolateNetwork: boolean;
  /** The python3 with the UNO bridge (default: ServerConfig's). */
  python?: string;
}

/** `unshare -n` works when the server may create namespaces (root or user namespaces); probe once. */
export function canIsolateNetwork(): boolean {
  try {
    execFileSync('unshare', ['-n', 'true'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/** The shared pool's settings: the server's (configureLibreOffice), else ServerConfig's defaults. */
let settings: LibreOfficeSettings = defaultConfig().libreOffice;
/** LibreOffice jobs the server's queue runs at once (its engine concurrency): an 'auto' pool's size. */
let jobsAtOnce = defaultConfig().engineConcurrency.libreoffice ?? 2;

/** Sets what the shared pool is made with; takes effect when it is next created. */
export function configureLibreOffice(next: Partial<LibreOfficeSettings> & { jobsAtOnce?: number }): void {
  const { jobsAtOnce: jobs, ...rest } = next;
  settings = { ...settings, ...rest };
  if (jobs !== undefined) jobsAtOnce = jobs;
}

/** The pool's options from its settings ('auto' size and isolation decided now, when the pool is made). */
function optionsOf(current: LibreOfficeSettings): OfficePoolOptions {
  return {
    size: current.poolSize === 'auto' ? officePoolSize(jobsAtOnce, totalmem()) : current.poolSize,
    maxConversions: current.maxConversions,
    isolateNetwork: current.isolateNetwork === 'auto' ? canIsolateNetwork() : current.isolateNetwork,
    python: current.python,
  };
}

interface Slot {
  profileDir: string;
  instance?: OfficeInstance;
  /** A replacement being started in the background after a crash. */
  starting?: Promise<void>;
  busy: boolean;
}

/** The same document took LibreOffice down twice: the file, not the engine, is the problem. */
export const documentCrashedEngine = (): DomainError =>
  damagedFile(
    'The document made the converter crash, twice, so it could not be converted. It may be damaged: ' +
      'open it in its application, save it again and retry.',
  );

export class OfficePool {
  /** The pool's own folder (profiles); every soffice of this pool has it in its arguments. */
  readonly root = mkdtempSync(join(tmpdir(), 'docstudio-office-'));
  private readonly slots: Slot[];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  private closed = false;
  /** Instances started so far (restarts included); tests and metrics read it. */
  starts = 0;
  /** Jobs run a second time because the engine, not the document, failed. */
  retries = 0;
  /** The last instance start failed and none has started since (readiness reads it). */
  private startFailed = false;
  /** Instances still starting: a shutdown kills them rather than wait for soffice to come up. */
  private readonly startingInstances = new Set<OfficeInstance>();

  constructor(readonly options: OfficePoolOptions = optionsOf(settings)) {
    this.slots = Array.from({ length: options.size }, (_, index) => ({
      profileDir: join(this.root, `profile-${index}`),
      busy: false,
    }));
  }

  private acquire(): Promise<Slot> {
    const free = this.slots.find((slot) => !slot.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else slot.busy = false;
  }

  /** Conversions being worked on by an instance right now (tests and operations read it). */
  get converting(): number {
    return this.slots.filter((slot) => slot.instance?.converting).length;
  }

  /** Instances currently running (tests and operations read it). */
  get liveInstances(): number {
    return this.slots.filter((slot) => slot.instance?.isAlive).length;
  }

  /**
   * Down: no instance runs and the last start failed (soffice or the bridge's python missing, its
   * profile folder unwritable, soffice dying at start), until a start succeeds. A pool never used,
   * or replacing a crashed instance as usual, is not down.
   */
  get down(): boolean {
    return !this.closed && this.startFailed && this.liveInstances === 0;
  }

  /**
   * Starts an instance in every idle slot that has none (a pool that is down tries again here, not
   * only when the next job comes). Resolves when the starts have ended, whatever their outcome.
   */
  async recover(): Promise<void> {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (slot.busy || slot.starting || slot.instance?.isAlive) continue;
      slot.instance = undefined;
      slot.starting = this.startInstance(slot)
        .catch(() => undefined) // counted in startFailed; the next recovery or job tries again
        .finally(() => {
          slot.starting = undefined;
        });
    }
    await Promise.all(this.slots.map((slot) => slot.starting));
  }

  /**
   * Starts the instances of idle slots one after another, the first first, each then loading Writer,
   * its Word filter and its PDF export on a blank document: a server calls it once it listens, so its first Office
   * jobs find warm instances and readiness never waits for LibreOffice.
   * A start that fails is left to readiness and the next job, as in recover().
   */
  async warmUp(): Promise<void> {
    for (const slot of this.slots) {
      if (this.closed) return;
      if (slot.busy || slot.starting || slot.instance?.isAlive) continue;
      slot.starting = this.startInstance(slot)
        .then(() => slot.instance?.warm(join(slot.profileDir, 'warm-up.pdf')))
        .then(() => undefined)
        .catch(() => undefined)
        .finally(() => {
          slot.starting = undefined;
        });
      await slot.starting;
    }
  }

  /**
   * Runs one conversion on a healthy instance. When the engine fails during the job (it crashed, was
   * killed, or no longer answers afterwards) the job runs once more on a fresh instance within the
   * same time limit; a second engine failure means the document is what crashes it.
   */
  async convert(request: BridgeRequest, timeoutMs: number, signal: AbortSignal): Promise<BridgeAnswer> {
    if (this.closed) throw new Error('The LibreOffice pool is shut down.');
    const deadlineAt = Date.now() + timeoutMs;
    const slot = await this.acquire();
    try {
      for (let attempt = 1; ; attempt++) {
        const answer = await this.attempt(slot, request, deadlineAt, signal);
        if (answer.error !== 'crashed') return answer;
        if (attempt === 2) throw documentCrashedEngine();
        if (deadlineAt - Date.now() < 1000)
          throw engineTimeout('LibreOffice stopped during the conversion and no time was left to retry.');
        this.retries++;
      }
    } finally {
      this.release(slot);
    }
  }

  private async attempt(
    slot: Slot,
    request: BridgeRequest,
    deadlineAt: number,
    signal: AbortSignal,
  ): Promise<BridgeAnswer> {
    const instance = await this.healthyInstance(slot);
    let answer: BridgeAnswer;
    try {
      answer = await instance.convert(request, timeLeftMs(deadlineAt), signal);
    } catch (error) {
      this.replace(slot, instance, false); // a timeout or abort killed it on purpose
      throw error;
    }
    // After the job: an instance that died or stopped answering failed this job, whatever it said.
    if (answer.error === 'crashed' || !(await instance.probe())) {
      this.replace(slot, instance, true);
      return answer.ok ? answer : { ok: false, error: 'crashed', detail: answer.detail };
    }
    return answer;
  }

  /** The slot's instance after a liveness check and a probe; a dead one is replaced, a worn one recycled. */
  private async healthyInstance(slot: Slot): Promise<OfficeInstance> {
    if (slot.starting) await slot.starting;
    const current = slot.instance;
    if (current && current.conversions < this.options.maxConversions && (await current.probe()))
      return current;
    if (current) {
      if (current.conversions < this.options.maxConversions) recordEngineRestart('libreoffice');
      slot.instance = undefined;
      await current.stop();
    }
    await this.startInstance(slot);
    if (!slot.instance) throw notReady('LibreOffice could not be started.');
    return slot.instance;
  }

  /** Kills a failed instance and starts its successor at once, so the next job finds it warm. */
  private replace(slot: Slot, instance: OfficeInstance, crashed: boolean): void {
    if (slot.instance !== instance) return;
    slot.instance = undefined;
    instance.kill();
    if (crashed) recordEngineRestart('libreoffice');
    if (this.closed) return;
    slot.starting = this.startInstance(slot)
      .catch(() => undefined) // the next job tries again and reports the failure
      .finally(() => {
        slot.starting = undefined;
      });
  }

  private async startInstance(slot: Slot): Promise<void> {
    const instance: OfficeInstance = new OfficeInstance({
      profileDir: slot.profileDir,
      isolateNetwork: this.options.isolateNetwork,
      python: this.options.python ?? defaultConfig().libreOffice.python,
      // Died while idle (soffice crashed or was killed): replace it now, not when the next job comes.
      onUnexpectedExit: () => {
        if (!slot.busy) this.replace(slot, instance, true);
      },
    });
    this.starts++;
    this.startingInstances.add(instance);
    try {
      await instance.start();
    } catch (error) {
      if (!this.closed) this.startFailed = true;
      // A profile folder that cannot be written, a missing python: the engine, not the document.
      throw error instanceof DomainError ? error : notReady('LibreOffice could not be started.');
    } finally {
      this.startingInstances.delete(instance);
    }
    this.startFailed = false;
    if (this.closed) {
      await instance.stop();
      return;
    }
    slot.instance = instance;
  }

  async shutdown(): Promise<void> {
    this.closed = true;
    // A warm-up still under way when the server stops: no point waiting seconds for soffice to start.
    for (const instance of this.startingInstances) instance.kill();
    await Promise.all(this.slots.map((slot) => slot.starting));
    await Promise.all(this.slots.map((slot) => slot.instance?.stop()));
    rmSync(this.root, { recursive: true, force: true });
  }
}

let shared: OfficePool | undefined;

/** The server-wide pool, created on first use. */
export function getOfficePool(): OfficePool {
  shared ??= new OfficePool();
  return shared;
}

/** Starts the server-wide pool's instances in the background (main.ts, once the server listens). */
export function warmLibreOffice(): Promise<void> {
  return getOfficePool().warmUp();
}

/** The server-wide pool if it was made (readiness must not start one just to look at it). */
export const currentOfficePool = (): OfficePool | undefined => shared;

/** For the server's close hook and tests' afterAll. */
export async function shutdownLibreOffice(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.shutdown();
}
