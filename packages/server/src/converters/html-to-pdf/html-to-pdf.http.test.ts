import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../../testing';
import { CORPUS_DIR } from '../../testing/corpus';

const { server, save } = useHttpTestServer();

describe('POST /convert/html/to/pdf', () => {
  it('renders an uploaded page, scripts included; pdftotext reads the result', async () => {
    const html = `<!doctype html><html><head><title>Invoice 42</title></head><body>
      <h1>Invoice 42</h1><p id="total"></p>
      <script>document.getElementById('total').textContent = 'Total due: ' + (19 * 3) + ' EUR';</script>
      </body></html>`;
    const answer = await server().convert('html/to/pdf', {}, [{ content: html, name: 'invoice.html' }]);
    expect(answer.status).toBe(200);
    const [file] = answer.body.Files ?? [];
    expect(file?.FileName).toBe('invoice.pdf');
    const pdf = await save(file);
    expect(execFileSync('pdfinfo', [pdf]).toString()).toMatch(/Pages:\s+1/);
    const text = execFileSync('pdftotext', [pdf, '-']).toString();
    expect(text).toContain('Invoice 42');
    expect(text).toContain('Total due: 57 EUR');
  });

  it('renders the corpus Arabic page (habibi.html) with its text', async () => {
    const answer = await server().convert('html/to/pdf', {}, [`${CORPUS_DIR}/html/habibi.html`]);
    expect(answer.status).toBe(200);
    const pdf = await save(answer.body.Files?.[0]);
    expect(execFileSync('pdfinfo', [pdf]).toString()).toMatch(/Pages:\s+1/);
    const text = execFileSync('pdftotext', [pdf, '-']).toString();
    expect(text).toContain('habibi');
    // The Arabic letters (ح ب ي) come out as text, not as missing-glyph boxes.
    // (pdftotext's order of the shaped first letter varies, so look for the letters themselves.)
    expect(text).toContain('\u062D');
    expect(text).toContain('\u0628\u064A\u0628\u064A');
  });

  it('answers 415 for a PNG named .html', async () => {
    const png = await readFile(`${CORPUS_DIR}/images/pil123rgba.png`);
    const answer = await server().convert('html/to/pdf', {}, [{ content: png, name: 'page.html' }]);
    expect(answer.status).toBe(415);
    expect(answer.body.Code).toBe(4150);
  });

  it('answers 400 when no file is sent', async () => {
    const answer = await server().convert('html/to/pdf', {});
    expect(answer.status).toBe(400);
  });
});
