import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shutdownChromium } from '../../engines/chromium';
import { convertAsSent } from '../../testing/convert-as-sent';
import { answerTo, answerToRejection } from '../../testing/error-answers';
import { listedImages } from '../../testing/pdf-tools';
import type { ConverterContext } from '../converter.types';
import type { SentParameters } from '../tool-parameters';
import { htmlToPdfConverter } from './index';

let workDir: string;
let trap: http.Server;
let trapPort: number;
const trapHits: string[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'html-to-pdf-'));
  trap = http.createServer((req, res) => {
    trapHits.push(req.url ?? '');
    res.end();
  });
  await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
  trapPort = (trap.address() as AddressInfo).port;
});

afterAll(async () => {
  await shutdownChromium();
  await new Promise((r) => trap.close(r));
  await rm(workDir, { recursive: true, force: true });
});

async function convertHtml(name: string, html: string, timeoutMs = 60_000) {
  const path = join(workDir, name);
  await writeFile(path, html);
  const ctx: ConverterContext<SentParameters> = {
    files: [{ path, fileName: name, ext: 'html', size: html.length }],
    params: {},
    workDir,
    signal: new AbortController().signal,
    deadlineAt: Date.now() + timeoutMs,
  };
  return convertAsSent(htmlToPdfConverter, ctx);
}

const text = (pdf: string): string => execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8');

describe('html/to/pdf', () => {
  it('renders inline CSS, a base64 image and text written by a script', async () => {
    const red = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const html = `<!doctype html><html><head><style>h1 { color: rgb(0, 0, 255); font-size: 40px }</style></head>
      <body><h1>Quarterly Report</h1><img id="logo" src="data:image/png;base64,${red.toString('base64')}">
      <p id="out"></p><script>document.getElementById('out').textContent = 'Written by script ' + (6 * 7);</script>
      </body></html>`;
    const [result] = await convertHtml('report.html', html);
    expect(result?.fileName).toBe('report.pdf');
    const pdf = result?.path ?? '';
    const content = text(pdf);
    expect(content).toContain('Quarterly Report');
    expect(content).toContain('Written by script 42');
    expect(await listedImages(pdf)).toContainEqual(
      expect.objectContaining({ page: 1, num: 0, type: 'image', width: 200, height: 100 }),
    );
    // The heading is blue: the inline CSS applied (rendered pixels checked, not the source).
    const png = execFileSync('pdftoppm', ['-r', '50', '-png', '-f', '1', '-l', '1', pdf]);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    let blue = 0;
    let redPixels = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
      if (b > 200 && r < 60 && g < 60) blue++;
      if (r > 200 && g < 60 && b < 60) redPixels++;
    }
    expect(blue).toBeGreaterThan(20);
    expect(redPixels).toBeGreaterThan(500);
  });

  it('fetches nothing external: image, CSS, script, fetch, WebSocket and worker stay unsent', async () => {
    const base = `http://127.0.0.1:${trapPort}`;
    const html = `<html><head><link rel="stylesheet" href="${base}/style.css"><script src="${base}/app.js"></script></head>
      <body><p>Offline page</p><img src="${base}/image.png"><img src="http://localhost:${trapPort}/b.png">
      <iframe src="${base}/frame"></iframe><video src="${base}/v.mp4"></video>
      <script>
        fetch('${base}/fetch').catch(() => {});
        try { new WebSocket('ws://127.0.0.1:${trapPort}/ws'); } catch (e) {}
        try { new Worker(URL.createObjectURL(new Blob(["fetch('${base}/worker')"]))); } catch (e) {}
        navigator.sendBeacon && navigator.sendBeacon('${base}/beacon', 'x');
      </script></body></html>`;
    const [result] = await convertHtml('offline.htm', html);
    expect(text(result?.path ?? '')).toContain('Offline page');
    await new Promise((r) => setTimeout(r, 300));
    expect(trapHits).toEqual([]);
  });

  it('ends an endless script with a 504 and keeps working afterwards', async () => {
    const started = Date.now();
    const error = await convertHtml('loop.html', '<p>x</p><script>while (true) {}</script>', 4000).catch(
      (e: unknown) => e,
    );
    expect(answerTo(error)).toMatchObject({ status: 504, code: 5000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    const [result] = await convertHtml('after.html', '<p>Still alive</p>');
    expect(text(result?.path ?? '')).toContain('Still alive');
  });

  it('asks for a file when none is given', async () => {
    const ctx = {
      files: [],
      params: {},
      workDir,
      signal: new AbortController().signal,
      deadlineAt: Date.now() + 1000,
    };
    await expect(answerToRejection(convertAsSent(htmlToPdfConverter, ctx))).resolves.toMatchObject({
      status: 400,
      code: 4000,
    });
  });
});
