/**
 * A small pool of warm LibreOffice instances. Measured here: one `soffice --convert-to` process per
 * file costs about a second; a warm UNO instance converts a small DOCX in a fraction of that. Each
 * slot owns a profile folder and starts lazily. Before every job, and after one the document was
 * refused in, the slot's instance is checked (bridge process alive, a UNO round trip answered); a
 * dead or wedged one is killed and a new one started at once, also when it dies while idle. A job
 * whose engine failed (not its document) is retried once on a fresh instance; a document that
 * crashes LibreOffice on both tries is refused as 422 Code 5002. Instances are also recycled after `maxConversions` jobs (LibreOffice grows and
 * caches across documents), right after the last one, so no job waits for the successor's start
 * unless it comes before that start has ended.
 *
 * The pool grows with demand and shrinks when quiet: the server warms one instance once it listens
 * (measured: an instance takes 150-250 MB and seconds of CPU to start, and starting all of an 'auto'
 * pool's at start-up cost a server that never converts Office files ~700 MB and slowed its first
 * other jobs 3×). A job that finds every warm instance busy starts another in the background and
 * takes whichever instance frees first; instances beyond the first end after IDLE_INSTANCE_MS idle.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { totalmem } from 'node:os';
import { join } from 'node:path';
import { defaultConfig, type LibreOfficeSettings } from '../../config/config';
import { DomainError, damagedFile, engineTimeout, notReady } from '../../contract/errors';
import { engineTempDir } from '../../storage/work-dir';
import { recordEngineRestart } from '../engine-restarts';
import { timeLeftMs } from '../time-left';
import { type BridgeAnswer, type BridgeRequest, OfficeInstance } from './office-instance';
import { officePoolSize } from './pool-size';
import { POOL_FOLDER_PREFIX, SLOT_FOLDER_PREFIX } from './profile';

export interface OfficePoolOptions {
  size: number;
  maxConversions: number;
  /** 'auto': when the server may (probed once, when the first instance starts). */
  isolateNetwork: boolean | 'auto';
  /** The python3 with the UNO bridge (default: ServerConfig's). */
  python?: string;
  /** An instance beyond the first idle this long is stopped (default IDLE_INSTANCE_MS). */
  idleMs?: number;
}

let isolationProbe: Promise<boolean> | undefined;

/**
 * `unshare -n` works when the server may create namespaces (root or user namespaces); probed once,
 * without blocking the event loop (a synchronous probe held every request ~35 ms after start).
 */
export function canIsolateNetwork(): Promise<boolean> {
  isolationProbe ??= new Promise((resolve) => {
    execFile('unshare', ['-n', 'true'], { timeout: 5000 }, (error) => resolve(!error));
  });
  return isolationProbe;
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

/** The pool's options from its settings ('auto' size decided now, when the pool is made). */
function optionsOf(current: LibreOfficeSettings): OfficePoolOptions {
  return {
    size: current.poolSize === 'auto' ? officePoolSize(jobsAtOnce, totalmem()) : current.poolSize,
    maxConversions: current.maxConversions,
    isolateNetwork: current.isolateNetwork,
    python: current.python,
  };
}

/** An instance beyond the first that has had no job this long is stopped (its memory goes back). */
const IDLE_INSTANCE_MS = 60_000;

interface Slot {
  /** The slot's folder: the pool's warm-up document, and its instance's profile in a subfolder. */
  folder: string;
  /**
   * The profile (UserInstallation) of the slot's latest instance. Each start moves it to a new
   * folder, keeping its contents: a soffice started on a profile whose last soffice still holds its
   * single-instance pipe (killed but not yet gone, or stopped) hands its start over to that one and
   * hangs, which once made a job wait its whole time limit after a wedged instance was replaced.
   */
  profile?: string;
  /** Instances started in the slot so far: names the next profile folder. */
  generation: number;
  instance?: OfficeInstance;
  /** A replacement being started in the background after a crash. */
  starting?: Promise<void>;
  busy: boolean;
  /** When the slot's last job ended (idle instances beyond the first are stopped after a while). */
  idleSince: number;
}

/** The same document took LibreOffice down twice: the file, not the engine, is the problem. */
export const documentCrashedEngine = (): DomainError =>
  damagedFile(
    'The document made the converter crash, twice, so it could not be converted. It may be damaged: ' +
      'open it in its application, save it again and retry.',
  );

export class OfficePool {
  /**
   * The pool's own folder (profiles); every soffice of this pool has it in its arguments. It sits in
   * the run's folder for the engines' files (storage/work-dir.ts engineTempDir, RAM-backed), so a
   * crashed server's profiles are shredded by the next start, as their temporary files are.
   */
  readonly root = mkdtempSync(join(engineTempDir(), POOL_FOLDER_PREFIX));
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
  private readonly idleCheck: NodeJS.Timeout;

  constructor(readonly options: OfficePoolOptions = optionsOf(settings)) {
    this.slots = Array.from({ length: options.size }, (_, index) => ({
      folder: join(this.root, `${SLOT_FOLDER_PREFIX}${index}`),
      generation: 0,
      busy: false,
      idleSince: Date.now(),
    }));
    const idleMs = options.idleMs ?? IDLE_INSTANCE_MS;
    this.idleCheck = setInterval(() => this.stopIdleInstances(idleMs), Math.max(100, idleMs / 4)).unref();
  }

  /**
   * A free slot for a job: a warm instance first, else one being started; a cold slot is taken at
   * once only when the pool has no instance at all. While warm instances are busy, the job waits for
   * the first to free up and another instance starts meanwhile (grow), whichever is first serves it.
   */
  private acquire(): Promise<Slot> {
    const free = this.slots.filter((slot) => !slot.busy);
    const warm = free.find((slot) => !slot.starting && slot.instance?.isAlive);
    const starting = free.find((slot) => slot.starting);
    const cold = free.find((slot) => !slot.starting && !slot.instance?.isAlive);
    const take = warm ?? starting ?? (this.liveInstances === 0 && !this.anyStarting ? cold : undefined);
    if (take) {
      take.busy = true;
      return Promise.resolve(take);
    }
    if (cold) this.grow(cold);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private get anyStarting(): boolean {
    return this.slots.some((slot) => slot.starting);
  }

  /** Starts an instance in a cold slot for the jobs waiting; the slot is theirs once it is up (or failed). */
  private grow(slot: Slot): void {
    slot.busy = true;
    slot.instance = undefined;
    slot.starting = this.startInstance(slot)
      .catch(() => undefined) // the job that gets the slot tries again and reports the failure
      .finally(() => {
        slot.starting = undefined;
        this.release(slot);
      });
  }

  private release(slot: Slot): void {
    slot.idleSince = Date.now();
    const next = this.waiting.shift();
    if (next) next(slot);
    else slot.busy = false;
  }

  /** Stops instances idle for `idleMs`, keeping one warm (the first job after a lull is fast). */
  private stopIdleInstances(idleMs: number): void {
    const idleSince = Date.now() - idleMs;
    const live = this.slots.filter((slot) => slot.instance?.isAlive);
    for (const slot of live.slice(1)) {
      if (slot.busy || slot.starting || slot.idleSince > idleSince || !slot.instance) continue;
      const instance = slot.instance;
      slot.instance = undefined;
      // counted as starting until it is down: a job taking the slot waits, so two soffice never share a profile
      slot.starting = instance.stop().finally(() => {
        slot.starting = undefined;
      });
    }
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
   * A pool with no instance running starts one in an idle slot (a pool that is down tries again here,
   * not only when the next job comes). Resolves when the start has ended, whatever its outcome.
   */
  async recover(): Promise<void> {
    if (this.closed || this.liveInstances > 0 || this.anyStarting) return;
    const slot = this.slots.find((candidate) => !candidate.busy);
    if (!slot) return;
    slot.instance = undefined;
    slot.starting = this.startInstance(slot)
      .catch(() => undefined) // counted in startFailed; the next recovery or job tries again
      .finally(() => {
        slot.starting = undefined;
      });
    await slot.starting;
  }

  /**
   * Starts the first instance and has it load Writer, its Word filter and its PDF export on a blank
   * document: a server calls it once it listens, so its first Office job finds a warm instance and
   * readiness never waits for LibreOffice. The others start when jobs overlap (acquire). A start that
   * fails is left to readiness and the next job, as in recover().
   */
  async warmUp(): Promise<void> {
    const slot = this.slots[0];
    if (this.closed || !slot || slot.busy || slot.starting || slot.instance?.isAlive) return;
    slot.starting = this.startInstance(slot)
      .then(() => slot.instance?.warm(join(slot.folder, 'warm-up.pdf')))
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => {
        slot.starting = undefined;
      });
    await slot.starting;
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
    // A refusal (the document would not load or export) counts only if the office still answers
    // afterwards; else the engine failed this job. An ok answer needs no such check: its PDF was
    // complete when the bridge answered, and the next job's probe (or the exit watch, for an idle
    // instance) finds an instance that failed since.
    if (answer.error === 'crashed' || (!answer.ok && !(await instance.probe()))) {
      this.replace(slot, instance, true);
      return { ok: false, error: 'crashed', detail: answer.detail };
    }
    if (instance.conversions >= this.options.maxConversions) this.recycle(slot, instance);
    return answer;
  }

  /**
   * Stops a worn instance (maxConversions reached) and starts its successor now, between jobs: left
   * to the next job, its user waited for a whole LibreOffice start (about 1-2 s) on top of the
   * conversion, every maxConversions conversions of each instance.
   */
  private recycle(slot: Slot, instance: OfficeInstance): void {
    if (slot.instance !== instance || this.closed) return;
    slot.instance = undefined;
    slot.starting = instance
      .stop()
      .then(() => this.startInstance(slot))
      .catch(() => undefined) // the next job tries again and reports the failure
      .finally(() => {
        slot.starting = undefined;
      });
  }

  /**
   * The slot's instance after a liveness check and a probe; a dead one is replaced. A worn one never
   * gets here: attempt() recycles it right after its last job.
   */
  private async healthyInstance(slot: Slot): Promise<OfficeInstance> {
    if (slot.starting) await slot.starting;
    const current = slot.instance;
    if (current && (await current.probe())) return current;
    if (current) {
      recordEngineRestart('libreoffice');
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

  /** A new profile folder for the slot's next instance, with its last instance's profile moved in. */
  private async nextProfile(slot: Slot): Promise<string> {
    const next = join(slot.folder, String(++slot.generation));
    const last = slot.profile;
    slot.profile = next;
    // Nothing of the last soffice runs any more (it was stopped or killed): none writes there now.
    if (last) await rename(last, next).catch(() => undefined); // no profile to keep: a fresh one
    return next;
  }

  private async startInstance(slot: Slot): Promise<void> {
    const instance: OfficeInstance = new OfficeInstance({
      profileDir: await this.nextProfile(slot),
      isolateNetwork:
        this.options.isolateNetwork === 'auto' ? await canIsolateNetwork() : this.options.isolateNetwork,
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
    clearInterval(this.idleCheck);
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
