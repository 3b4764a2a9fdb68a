/**
 * One warm LibreOffice: the python3-uno bridge (uno-bridge.py) and the soffice it starts, in one
 * process group with a private hardened profile. Jobs are JSON lines; one job at a time. A job that
 * overruns its time is answered 504 and the whole group is killed (a stuck soffice cannot be trusted
 * to finish later), so the next job starts a fresh instance.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { ApiError, engineTimeout } from '../../http/errors';
import { createHardenedProfile } from './profile';

/** python3-uno is installed for Debian's interpreter only, not the python3 first on PATH. */
const PYTHON = process.env.LIBREOFFICE_PYTHON ?? '/usr/bin/python3';
const BRIDGE = fileURLToPath(new URL('./uno-bridge.py', import.meta.url));
const START_TIMEOUT_MS = 60_000;

export interface BridgeRequest {
  input: string;
  output: string;
  filter: 'csv' | 'text' | null;
  pageRange: string | null;
  /** LibreOffice's SelectPdfVersion: 0 default, 1 PDF/A-1b, 2 PDF/A-2b, 15/16/17 PDF 1.5/1.6/1.7. */
  pdfVersion: number;
  password: string | null;
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
}

export class OfficeInstance {
  conversions = 0;
  private child: ChildProcessWithoutNullStreams | undefined;
  private buffer = '';
  private nextId = 1;
  private pending = new Map<number, (answer: BridgeAnswer) => void>();
  private readyWaiter: ((ok: boolean) => void) | undefined;
  private alive = false;

  constructor(private readonly options: OfficeInstanceOptions) {}

  get isAlive(): boolean {
    return this.alive;
  }

  async start(): Promise<void> {
    const profileUrl = await createHardenedProfile(this.options.profileDir);
    const pipeName = `docstudio_${process.pid}_${randomBytes(6).toString('hex')}`;
    const [command, args] = this.options.isolateNetwork
      ? ['unshare', ['-n', PYTHON, BRIDGE, profileUrl, pipeName]]
      : [PYTHON, [BRIDGE, profileUrl, pipeName]];
    const child = spawn(command, args, { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
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
      throw new ApiError(503, 5030, 'LibreOffice could not be started.');
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
    this.alive = false;
    this.readyWaiter?.(false);
    for (const resolve of this.pending.values())
      resolve({ ok: false, error: 'crashed', detail: 'LibreOffice exited' });
    this.pending.clear();
  }

  /** Converts one document; rejects with 504 on timeout or the abort reason, killing the instance. */
  convert(request: BridgeRequest, timeoutMs: number, signal: AbortSignal): Promise<BridgeAnswer> {
    const child = this.child;
    if (!child || !this.alive) return Promise.resolve({ ok: false, error: 'crashed', detail: 'not running' });
    const id = this.nextId++;
    this.conversions++;
    return new Promise((resolve, reject) => {
      const cleanup = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.pending.delete(id);
      };
      const onAbort = (): void => {
        cleanup();
        this.kill();
        reject(signal.reason instanceof ApiError ? signal.reason : engineTimeout());
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

  kill(): void {
    this.alive = false;
    const pid = this.child?.pid;
    if (pid) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }

  /** Asks the bridge to close soffice cleanly; kills the group if it does not within 5 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin.end();
    const timer = setTimeout(() => this.kill(), 5000);
    await exited;
    clearTimeout(timer);
    this.kill(); // reaps a soffice that outlived its bridge
  }
}
