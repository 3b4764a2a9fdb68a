/**
 * html/to/pdf on prepared contexts, settled by the page's own idleness instead of a fixed wait:
 * text that scripts write after load (timers, a chain of them) is in the PDF, a page that never
 * goes quiet is still printed, and no job sees what an earlier job left in its context.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderHtmlToPdf, shutdownChromium } from '.';

const work = await mkdtemp(join(tmpdir(), 'chromium-settle-'));

afterAll(async () => {
  await shutdownChromium();
  await rm(work, { recursive: true, force: true });
});

async function textOfRender(html: string, name: string): Promise<string> {
  const outPath = join(work, `${name}.pdf`);
  await renderHtmlToPdf(html, { outPath, timeoutMs: 60_000, signal: new AbortController().signal });
  return execFileSync('pdftotext', [outPath, '-'], { encoding: 'utf8' });
}

describe('settling uploaded HTML', () => {
  it('prints text that timers write after load, including a chain of them', async () => {
    const text = await textOfRender(
      `<p id="a"></p><p id="b"></p><script>
        setTimeout(() => {
          document.getElementById('a').textContent = 'First timer done';
          setTimeout(() => { document.getElementById('b').textContent = 'Second timer done'; }, 400);
        }, 400);
      </script>`,
      'timers',
    );
    expect(text).toContain('First timer done');
    expect(text).toContain('Second timer done');
  });

  it('prints text written after a promise and an animation frame', async () => {
    const text = await textOfRender(
      `<p id="out"></p><script>
        Promise.resolve().then(() => requestAnimationFrame(() => {
          document.getElementById('out').textContent = 'Written in a frame';
        }));
      </script>`,
      'frame',
    );
    expect(text).toContain('Written in a frame');
  });

  it('prints a page that never goes quiet as it is at the cap', async () => {
    const text = await textOfRender(
      `<h1>Ticking page</h1><p id="n">0</p><script>
        let n = 0;
        const tick = () => { document.getElementById('n').textContent = 'Tick ' + (++n); setTimeout(tick, 20); };
        tick();
      </script>`,
      'ticking',
    );
    expect(text).toContain('Ticking page');
    expect(text).toMatch(/Tick \d+/);
  });

  it('gives every job a context nobody used before', async () => {
    const leaves = `<p>Leaving traces</p><script>
      window.name = 'left-by-job-1'; document.title = 'job 1'; sessionStorage.setItem('trace', 'job 1');
    </script>`;
    const reads = `<p id="out"></p><script>
      let stored = 'unavailable';
      try { stored = String(sessionStorage.getItem('trace')); } catch (e) {}
      document.getElementById('out').textContent = 'name=[' + window.name + '] stored=[' + stored + ']';
    </script>`;
    await textOfRender(leaves, 'leaves');
    for (let i = 0; i < 3; i++) {
      const text = await textOfRender(reads, `reads-${i}`);
      expect(text).toContain('name=[]');
      expect(text).not.toContain('job 1');
    }
  });
});
