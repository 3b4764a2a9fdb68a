import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { seriousViolations } from '../../testing/axe.check';
import { ResultList } from './ResultList';

const files = [
  { fileName: 'part-1.pdf', fileSize: 1_572_864, url: 'https://files.example.test/d/1/part-1.pdf' },
  { fileName: 'part-2.pdf', fileSize: 10_486, url: 'https://files.example.test/d/2/part-2.pdf' },
  { fileName: 'part-3.pdf', fileSize: 0, url: 'https://files.example.test/d/3/part-3.pdf' },
];

/** Records the temporary links the real download code clicks (a click would leave the test page). */
function captureLinkClicks() {
  const clicked: { href: string; download: string; at: number }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, at: Date.now() });
  });
  return clicked;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('ResultList', () => {
  it("shows 'Conversion Complete' and one row per file with its size, in KB below 1 MB", async () => {
    const screen = await render(<ResultList files={files} />);
    await expect.element(screen.getByRole('heading', { name: 'Conversion Complete' })).toBeVisible();
    expect(
      [...screen.container.querySelectorAll('[data-part="result-size"]')].map((n) => n.textContent),
    ).toEqual(['1.50 MB', '10 KB', '0 KB']);
    expect(screen.container.querySelector('[data-part="download-all"]')).toBeNull();
    expect(await seriousViolations(screen.container)).toEqual([]);
  });

  it('downloads through a temporary link named after the file', async () => {
    const clicked = captureLinkClicks();
    const screen = await render(<ResultList files={files} />);
    await screen.getByRole('button', { name: 'Download part-2.pdf' }).click();
    expect(clicked).toEqual([{ href: files[1]!.url, download: 'part-2.pdf', at: expect.any(Number) }]);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
  });

  it('Download All starts each download in turn with a 500 ms pause', async () => {
    const screen = await render(<ResultList files={files} showDownloadAll />);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const clicked = captureLinkClicks();
    const start = Date.now();
    (screen.getByRole('button', { name: 'Download All' }).element() as HTMLButtonElement).click();
    expect(clicked.map((c) => c.download)).toEqual(['part-1.pdf']);
    vi.advanceTimersByTime(499);
    expect(clicked).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(clicked.map((c) => c.download)).toEqual(['part-1.pdf', 'part-2.pdf']);
    vi.advanceTimersByTime(500);
    expect(clicked.map((c) => [c.download, c.at - start])).toEqual([
      ['part-1.pdf', 0],
      ['part-2.pdf', 500],
      ['part-3.pdf', 1000],
    ]);
  });

  it('makes the one Download of a single result the large primary action', async () => {
    const clicked = captureLinkClicks();
    const screen = await render(<ResultList files={[files[1]!]} zipUrl="/api/zip?files=2" />);
    const download = screen.getByRole('button', { name: 'Download part-2.pdf' });
    await download.click();
    expect(clicked.map((c) => c.download)).toEqual(['part-2.pdf']);
    expect(screen.container.querySelector('[data-part="download-zip"]')).toBeNull();
    const single = download.element().getBoundingClientRect().height;
    const several = await render(<ResultList files={files} />);
    const small = several.container
      .querySelector('[aria-label="Download part-2.pdf"]')
      ?.getBoundingClientRect();
    expect(single).toBeGreaterThan(small?.height ?? Number.POSITIVE_INFINITY);
  });

  it('offers several files as one ZIP link instead of Download All', async () => {
    const screen = await render(<ResultList files={files} showDownloadAll zipUrl="/api/zip?files=1,2,3" />);
    const zip = screen.getByRole('link', { name: 'Download all as ZIP' });
    await expect.element(zip).toHaveAttribute('href', '/api/zip?files=1,2,3');
    await expect.element(zip).toHaveAttribute('download');
    expect(screen.container.querySelector('[data-part="download-all"]')).toBeNull();
    expect(await seriousViolations(screen.container)).toEqual([]);
  });

  it('continues with the chosen tool, by keyboard too', async () => {
    const onContinue = vi.fn();
    const screen = await render(
      <ResultList
        files={[files[1]!]}
        continueTargets={[
          { id: 'pdf-protect', label: 'Protect PDF' },
          { id: 'pdf-merge', label: 'Merge PDF' },
        ]}
        onContinue={onContinue}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Continue with another tool' });
    await select.selectOptions('Merge PDF');
    const button = screen.getByRole('button', { name: 'Continue' });
    (button.element() as HTMLButtonElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(onContinue).toHaveBeenCalledWith('pdf-merge');
    expect(await seriousViolations(screen.container)).toEqual([]);
  });

  it('moves focus to the result when asked to', async () => {
    const screen = await render(<ResultList files={files} focusOnMount />);
    const section = screen.container.querySelector('[data-part="results"]');
    expect(document.activeElement).toBe(section);
    await expect.element(screen.getByRole('region', { name: 'Conversion Complete' })).toHaveFocus();
  });
});
