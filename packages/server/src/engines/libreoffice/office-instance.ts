/**
 * One warm LibreOffice: the python3-uno bridge (uno-bridge.py) and the soffice it starts, in one
 * process group with a private hardened profile. Jobs are JSON lines; one job at a time. A job that
 * overruns its time is answered 504 and the whole group is killed (a stuck soffice cannot be trusted
 * to finish later), so the next job starts a fresh instance. `probe()` is the cheap health check the
 * pool runs before each job (and after a refused one): the bridge process is alive and soffice
 * answers a UNO call.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DomainError, engineTimeout, notReady } from '../../contract/errors';
import { engineEnv } from '../orphaned-engines';
import { removePipes, unoPipeName } from './office-pipes';
import { createHardenedProfile } from './profile';

const BRIDGE = fileURLToPath(new URL('./uno-bridge.py', import.meta.url));
const START_TIMEOUT_MS = 60_000;
/** A healthy soffice answers the probe in milliseconds; one that does not within this is wedged. */
const PROBE_TIMEOUT_MS = 5_000;

export interface BridgeRequest {
  input: string;
  output: string;
  filter: 'csv' | 'text' | 'html' | null;
  pageRange: string | null;
  /** LibreOffice's SelectPdfVersion: 0 default, 1 PDF/A-1b, 2 PDF/A-2b, 15/16/17 PDF 1.5/1.6/1.7. */
  pdfVersion: number;
  password: string | null;
  /** Spreadsheets: every sheet scaled to one page wide (its page style's ScaleToPagesX = 1). */
  fitToPageWidth?: boolean;
  /** Save with this LibreOffice filter instead of exporting PDF ('MS Word 2007 XML'). */
  saveFilter?: string;
  /** Encrypt the saved document with this password (with saveFilter). */
  savePassword?: string;
}

export interface BridgeAnswer {
  ok: boolean;
  kind?: 'writer' | 'calc' | 'impress' | 'draw';
  error?: 'password-required' | 'password-wrong' | 'load-failed' | 'export-failed' | 'crashed';
  detail?: string;
}

export interface OfficeInstanceOptions {
  profileDir: string;
  /** Run the group in an empty network namespace (`unshare -n`): no network at all, belt and braces. */
  isolateNetwork: boolean;
  /** The python3 with the UNO bridge: Debian's python3-uno is for its own interpreter only. */
  python: string;
  /** Called once when the instance dies without being stopped (soffice crashed or was killed). */
  onUnexpectedExit?: () => void;
}

export class OfficeInstance {
  conversions = 0;
  private child: ChildProcessWithoutNullStreams | undefined;
  private buffer = '';
  private nextId = 1;
  private pending = new Map<number, (answer: BridgeAnswer) => void>();
  private readyWaiter: ((ok: boolean) => void) | undefined;
  private alive = false;
  private stopping = false;
  /** Its soffice's UNO pipe name and profile URL, which name its pipes' files (office-pipes.ts). */
  private pipes: { name: string; profileUrl: string } | undefined;
  /** A conversion (not a probe) is waiting for its answer. */
  converting = false;

  constructor(private readonly options: OfficeInstanceOptions) {}

  /** The bridge process is running (it exits as soon as its soffice dies). */
  get isAlive(): boolean {
    const child = this.child;
    return this.alive && child !== undefined && child.exitCode === null && child.signalCode === null;
  }

  /** The process group id (the bridge leads the group); tests read it. */
  get processGroup(): number | undefined {
    return this.child?.pid;
  }

  /** Liveness plus a UNO round trip; a dead or wedged instance is killed and false is returned. */
  async probe(): Promise<boolean> {
    if (!this.isAlive) return false;
    const answer = await this.send({ probe: true }, PROBE_TIMEOUT_MS).catch(() => undefined);
    if (answer?.ok) return true;
    this.kill();
    return false;
  }

  /**
   * Loads Writer, its Word filter and its PDF export once, on a blank document of ours written to
   * `output` (the pool's own folder): a fresh soffice otherwise takes about a second longer for its
   * first document than for the next.
   */
  async warm(output: string): Promise<boolean> {
    const answer = await this.send({ warm: true, output }, START_TIMEOUT_MS).catch(() => undefined);
    return answer?.ok === true;
  }

  /** Writes one request line and waits for its answer; rejects (without killing) after `timeoutMs`. */
  private send(request: object, timeoutMs: number): Promise<BridgeAnswer> {
    const child = this.child;
    if (!child || !this.isAlive)
      return Promise.resolve({ ok: false, error: 'crashed', detail: 'not running' });
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('no answer'));
      }, timeoutMs);
      this.pending.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      child.stdin.write(`${JSON.stringify({ id, ...request })}\n`);
    });
  }

  async start(): Promise<void> {
    const profileUrl = await createHardenedProfile(this.options.profileDir);
    const pipeName = unoPipeName(randomBytes(6).toString('hex'));
    this.pipes = { name: pipeName, profileUrl };
    const [command, args] = this.options.isolateNetwork
      ? ['unshare', ['-n', this.options.python, BRIDGE, profileUrl, pipeName]]
      : [this.options.python, [BRIDGE, profileUrl, pipeName]];
    const child = spawn(command, args, { detached: true, stdio: ['pipe', 'pipe', 'pipe'], env: engineEnv() });
    this.child = child;
    this.alive = true;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.onData(chunk));
    child.stderr.resume();
    child.stdin.on('error', () => undefined);
    child.on('exit', () => this.onExit());
    child.on('error', () => this.onExit());
    const ready = await new Promise<boolean>((resolve) => {
      this.readyWaiter = resolve;
      setTimeout(() => resolve(false), START_TIMEOUT_MS).unref();
    });
    this.readyWaiter = undefined;
    if (!ready) {
      this.kill();
      throw notReady('LibreOffice could not be started.');
    }
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    for (let index = this.buffer.indexOf('\n'); index >= 0; index = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, index);
      this.buffer = this.buffer.slice(index + 1);
      let message: BridgeAnswer & { id?: number; ready?: boolean };
      try {
        message = JSON.parse(line);
      } catch {
        continue;
      }
      if (message.ready) this.readyWaiter?.(true);
      else if (typeof message.id === 'number') {
        this.pending.get(message.id)?.(message);
        this.pending.delete(message.id);
      }
    }
  }

  private onExit(): void {
    const unexpected = this.alive && !this.stopping;
    this.alive = false;
    this.readyWaiter?.(false);
    for (const resolve of this.pending.values())
      resolve({ ok: false, error: 'crashed', detail: 'LibreOffice exited' });
    this.pending.clear();
    if (unexpected) this.options.onUnexpectedExit?.();
  }

  /** Converts one document; rejects with 504 on timeout or the abort reason, killing the instance. */
  convert(request: BridgeRequest, timeoutMs: number, signal: AbortSignal): Promise<BridgeAnswer> {
    const child = this.child;
    if (!child || !this.isAlive)
      return Promise.resolve({ ok: false, error: 'crashed', detail: 'not running' });
    const id = this.nextId++;
    this.conversions++;
    this.converting = true;
    return new Promise((resolve, reject) => {
      const cleanup = (): void => {
        this.converting = false;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.pending.delete(id);
      };
      const onAbort = (): void => {
        cleanup();
        this.kill();
        reject(signal.reason instanceof DomainError ? signal.reason : engineTimeout());
      };
      const timer = setTimeout(() => {
        cleanup();
        this.kill();
        reject(engineTimeout(`LibreOffice took longer than ${Math.round(timeoutMs / 1000)} s.`));
      }, timeoutMs);
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, (answer) => {
        cleanup();
        resolve(answer);
      });
      child.stdin.write(`${JSON.stringify({ id, ...request })}\n`);
    });
  }

  /**
   * Kills the whole group (bridge, oosplash, soffice.bin) at once, and removes the files of its pipes,
   * which a killed soffice leaves behind; not reported as unexpected.
   */
  kill(): void {
    this.stopping = true;
    this.alive = false;
    const pid = this.child?.pid;
    if (pid) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (this.pipes) removePipes(this.pipes.name, this.pipes.profileUrl);
  }

  /** Asks the bridge to close soffice cleanly; kills the group if it does not within 5 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.isAlive) {
      this.kill(); // reaps an oosplash or soffice left behind by a bridge that died
      return;
    }
    this.stopping = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin.end();
    const timer = setTimeout(() => this.kill(), 5000);
    await exited;
    clearTimeout(timer);
    this.kill(); // reaps a soffice that outlived its bridge
  }
}
