// The engine spawner: a small Node process (a few MB of heap, node: modules only, plain JavaScript so
// it runs from the sources and from dist/ alike) that starts engine processes for the server over its
// IPC channel. Starting a process forks its parent: forking this process costs a fraction of forking
// the server, whose RSS is hundreds of MB and whose event loop would wait for the fork.
// Messages (spawner.ts holds their types): from the server `run`, `kill`, `kill-all`; to it
// `started`, `done`, `failed`. Every engine runs in its own process group (`detached`), so killing
// the group reaches its children too; when the server goes away (the channel closes), every group
// still running is killed and this process exits.
import { spawn } from 'node:child_process';

const MAX_STDERR = 64 * 1024;
/** id -> process group (the engine's pid) of the engines still running. */
const groups = new Map();

function killGroup(pid) {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The server is gone: nothing it started may outlive it. */
function serverGone() {
  killAll();
  process.exit(0);
}

/**
 * A message the server can no longer receive means it is gone. The channel can close before this
 * process has read its end (the server exited while a request was on its way): the write then fails
 * with EPIPE, which without a callback is an 'error' event that crashed this process before
 * 'disconnect' could kill the engines, and left them running.
 */
function send(message) {
  if (process.connected)
    process.send(message, (error) => {
      if (error) serverGone();
    });
}

function run({ id, command, args, cwd, env, stdin, maxStdout }) {
  let child;
  try {
    child = spawn(command, args, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (error) {
    send({ type: 'failed', id, message: String(error?.message ?? error), code: error?.code });
    return;
  }
  const group = child.pid;
  if (group) {
    groups.set(id, group);
    send({ type: 'started', id, pid: group });
  }
  const out = [];
  let outBytes = 0;
  let err = '';
  child.stdout.on('data', (chunk) => {
    if (outBytes < maxStdout) {
      out.push(chunk);
      outBytes += chunk.length;
    }
  });
  child.stderr.on('data', (chunk) => {
    if (err.length < MAX_STDERR) err += chunk.toString('utf8');
  });
  child.on('error', (error) => {
    groups.delete(id);
    send({ type: 'failed', id, message: String(error?.message ?? error), code: error?.code });
  });
  // The leader is gone: what it left in its group in the background (which may hold its stdout
  // open, so 'close' would wait for it) goes with it.
  child.on('exit', () => killGroup(group));
  child.on('close', (code, signal) => {
    if (!groups.delete(id)) return; // failed or killed on request: already answered
    send({ type: 'done', id, code, signal, stdout: Buffer.concat(out), stderr: err });
  });
  child.stdin.on('error', () => {
    // the engine may exit before reading stdin; its exit code tells what happened
  });
  child.stdin.end(stdin ?? undefined);
}

/** Each killed engine still answers `done` (its signal), as when it is killed from outside. */
function killAll() {
  for (const group of groups.values()) killGroup(group);
}

process.on('message', (message) => {
  if (message.type === 'run') run(message);
  else if (message.type === 'kill') {
    killGroup(groups.get(message.id));
  } else if (message.type === 'kill-all') killAll();
});
// The server exited, crashed or let go of this process.
process.on('disconnect', serverGone);
