/**
 * Closing the server stops the warm engines it started (Chromium's browser, LibreOffice's pool),
 * and only when the process's last server closes. Checked on the real process tree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { startTestServer, type TestServer } from '../testing/test-server';

const corpus = CORPUS_DIR;
const open: TestServer[] = [];

afterAll(async () => {
  await Promise.all(open.map((server) => server.close()));
});

/** Command lines of every process descending from this one. */
function descendants(): string[] {
  const children = new Map<number, number[]>();
  const commands = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      commands.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' '));
    } catch {
      // the process ended while we looked
    }
  }
  const found: string[] = [];
  const walk = (pid: number): void => {
    for (const child of children.get(pid) ?? []) {
      const command = commands.get(child) ?? '';
      if (command.trim()) found.push(command);
      walk(child);
    }
  };
  walk(process.pid);
  return found;
}

const running = (pattern: RegExp): number => descendants().filter((command) => pattern.test(command)).length;

async function waitUntilNone(pattern: RegExp, ms = 15_000): Promise<number> {
  const until = Date.now() + ms;
  while (running(pattern) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  return running(pattern);
}

const CHROMIUM = /chrom(e|ium)/i;
const OFFICE = /soffice|uno-bridge/i;

describe('engine shutdown on close', () => {
  it('stops Chromium and LibreOffice when the last server closes, not before', async () => {
    const first = await startTestServer();
    const second = await startTestServer();
    open.push(first, second);

    const html = await first.convert('html/to/pdf', {}, [`${corpus}/html/acid2-reference.html`]);
    expect(html.status).toBe(200);
    const office = await first.convert('office/to/pdf', {}, [`${corpus}/office/french.rtf`]);
    expect(office.status).toBe(200);
    expect(running(CHROMIUM)).toBeGreaterThan(0);
    expect(running(OFFICE)).toBeGreaterThan(0);

    // The second server still holds the engines: closing the first leaves them up and usable.
    await first.close();
    open.splice(open.indexOf(first), 1);
    expect(running(CHROMIUM)).toBeGreaterThan(0);
    const again = await second.convert('html/to/pdf', {}, [`${corpus}/html/acid2-reference.html`]);
    expect(again.status).toBe(200);

    const started = Date.now();
    await second.close();
    open.splice(open.indexOf(second), 1);
    expect(await waitUntilNone(CHROMIUM)).toBe(0);
    expect(await waitUntilNone(OFFICE)).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 180_000);

  it('closes quickly when no engine was ever started', async () => {
    const server = await startTestServer();
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(running(CHROMIUM)).toBe(0);
  });
});
