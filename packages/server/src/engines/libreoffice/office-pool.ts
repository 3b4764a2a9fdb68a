/**
 * A small pool of warm LibreOffice instances. Measured here: one `soffice --convert-to` process per
 * file costs about a second; a warm UNO instance converts a small DOCX in a fraction of that. Each
 * slot owns a profile folder, starts lazily, and is replaced after a crash, a timeout, or
 * `maxConversions` jobs (LibreOffice grows and caches across documents).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordEngineRestart } from '../../http/metrics';
import { type BridgeAnswer, type BridgeRequest, OfficeInstance } from './office-instance';

export interface OfficePoolOptions {
  size: number;
  maxConversions: number;
  isolateNetwork: boolean;
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

function optionsFromEnv(): OfficePoolOptions {
  const isolation = process.env.LIBREOFFICE_ISOLATE_NETWORK ?? 'auto';
  return {
    size: Math.max(1, Number(process.env.LIBREOFFICE_POOL_SIZE ?? 2) || 2),
    maxConversions: Math.max(1, Number(process.env.LIBREOFFICE_MAX_CONVERSIONS ?? 100) || 100),
    isolateNetwork: isolation === 'auto' ? canIsolateNetwork() : /^(1|true|yes)$/i.test(isolation),
  };
}

interface Slot {
  profileDir: string;
  instance?: OfficeInstance;
  busy: boolean;
}

export class OfficePool {
  /** The pool's own folder (profiles); every soffice of this pool has it in its arguments. */
  readonly root = mkdtempSync(join(tmpdir(), 'docstudio-office-'));
  private readonly slots: Slot[];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  private closed = false;
  /** Instances started so far (restarts included); tests and metrics read it. */
  starts = 0;

  constructor(readonly options: OfficePoolOptions = optionsFromEnv()) {
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

  /** Instances currently running (tests and operations read it). */
  get liveInstances(): number {
    return this.slots.filter((slot) => slot.instance?.isAlive).length;
  }

  /** Runs one conversion on a warm instance, starting or replacing it as needed. */
  async convert(request: BridgeRequest, timeoutMs: number, signal: AbortSignal): Promise<BridgeAnswer> {
    if (this.closed) throw new Error('The LibreOffice pool is shut down.');
    const slot = await this.acquire();
    try {
      let instance = await this.readyInstance(slot);
      let answer = await instance.convert(request, timeoutMs, signal);
      // An instance that died while idle (its exit not yet seen) never got the job: retry once on a new one.
      if (answer.error === 'crashed' && answer.detail === 'not running') {
        instance = await this.readyInstance(slot);
        answer = await instance.convert(request, timeoutMs, signal);
      }
      if (answer.error === 'crashed') instance.kill();
      return answer;
    } finally {
      this.release(slot);
    }
  }

  /** The slot's live instance: a dead one is replaced (a restart), a worn one recycled (routine). */
  private async readyInstance(slot: Slot): Promise<OfficeInstance> {
    const current = slot.instance;
    if (current?.isAlive && current.conversions < this.options.maxConversions) return current;
    if (current) {
      if (!current.isAlive) recordEngineRestart('libreoffice');
      await current.stop();
      slot.instance = undefined;
    }
    const instance = new OfficeInstance({
      profileDir: slot.profileDir,
      isolateNetwork: this.options.isolateNetwork,
    });
    this.starts++;
    await instance.start();
    slot.instance = instance;
    return instance;
  }

  async shutdown(): Promise<void> {
    this.closed = true;
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

/** For the server's close hook and tests' afterAll. */
export async function shutdownLibreOffice(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.shutdown();
}
