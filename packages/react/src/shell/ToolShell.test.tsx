import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { createFakeTransport, exampleResults, loadFixtures } from '../fixtures';
import { StudioProvider } from '../provider';
import { seriousViolations } from '../testing/axe.check';
import { dropFiles } from '../testing/dom.events';
import { createStudioTheme } from '../theme';
import { PdfCompress } from '../tools/PdfCompress';
import { PdfMerge } from '../tools/PdfMerge';

const rootOf = (container: HTMLElement, id: string) => [
  ...container.querySelectorAll<HTMLElement>(`[data-scope="${id}"][data-part="root"]`),
];

afterEach(() => {
  for (const node of document.querySelectorAll('style[data-test-host]')) node.remove();
});

describe('ToolShell', () => {
  it('keeps two instances on one page independent (one store per instance)', async () => {
    const first = createFakeTransport({ kind: 'success', files: exampleResults['pdf-merge'] });
    const second = createFakeTransport({ kind: 'never' });
    const screen = await render(
      <>
        <PdfMerge transport={first.transport} apiUrl="/api" />
        <PdfMerge transport={second.transport} apiUrl="/api" />
      </>,
    );
    const [a, b] = rootOf(screen.container, 'pdf-merge');
    await dropFiles(
      a!.querySelector('[data-part="dropzone"]')!,
      await loadFixtures('crazyones.pdf', 'annotated_pdf.pdf'),
    );
    await expect.poll(() => a!.getAttribute('data-state')).toBe('selected');
    expect(b!.getAttribute('data-state')).toBe('idle');
    expect(b!.querySelectorAll('[data-part="file-name"]')).toHaveLength(0);

    await dropFiles(b!.querySelector('[data-part="dropzone"]')!, await loadFixtures('pdflatex-4-pages.pdf'));
    (a!.querySelector('[data-part="convert"]') as HTMLButtonElement).click();
    await expect.poll(() => a!.getAttribute('data-state')).toBe('complete');
    expect(b!.getAttribute('data-state')).toBe('selected');
    expect(b!.querySelector('[data-part="results"]')).toBeNull();
    expect([...b!.querySelectorAll('[data-part="file-name"]')].map((n) => n.textContent)).toEqual([
      'pdflatex-4-pages.pdf',
    ]);
    expect(b!.querySelectorAll('[data-part="toast"]')).toHaveLength(0);
    expect(second.requests).toHaveLength(0);
    expect(first.requests).toHaveLength(1);
  });

  it('takes apiUrl, token and theme from StudioProvider; its own props win', async () => {
    const fake = createFakeTransport({ kind: 'success', files: exampleResults['pdf-compress'] });
    const tokenSource = vi.fn(async () => 'from-provider');
    const screen = await render(
      <StudioProvider
        apiUrl="https://provider.example.test"
        token={tokenSource}
        transport={fake.transport}
        theme="dark"
      >
        <PdfCompress />
        <PdfCompress apiUrl="https://own.example.test/v1" theme="light" />
      </StudioProvider>,
    );
    const [dark, light] = rootOf(screen.container, 'pdf-compress');
    expect(dark!.classList.contains('docstudio-theme-dark')).toBe(true);
    expect(light!.classList.contains('docstudio-theme-light')).toBe(true);
    expect(getComputedStyle(dark!).backgroundColor).toBe('rgb(15, 23, 42)');
    expect(getComputedStyle(light!).backgroundColor).toBe('rgb(255, 255, 255)');

    for (const root of [dark!, light!]) {
      await dropFiles(root.querySelector('[data-part="dropzone"]')!, await loadFixtures('crazyones.pdf'));
      await expect.poll(() => root.getAttribute('data-state')).toBe('selected');
      (root.querySelector('[data-part="convert"]') as HTMLButtonElement).click();
      await expect.poll(() => root.getAttribute('data-state')).toBe('complete');
    }
    expect(fake.requests.map((r) => r.url)).toEqual([
      'https://provider.example.test/convert/pdf/to/compress',
      'https://own.example.test/v1/convert/pdf/to/compress',
    ]);
    expect(fake.requests.map((r) => r.headers.Authorization)).toEqual([
      'Bearer from-provider',
      'Bearer from-provider',
    ]);
    expect(tokenSource).toHaveBeenCalledTimes(2);
    expect(await seriousViolations(dark!)).toEqual([]);
  });

  it('uses the environment record for the API base when no apiUrl is given', async () => {
    const fake = createFakeTransport({ kind: 'success', files: exampleResults['pdf-compress'] });
    const screen = await render(
      <PdfCompress
        environment={{ name: 'staging', apiUrl: 'https://staging-api.example.test', authBaseUrl: '' }}
        transport={fake.transport}
      />,
    );
    const root = rootOf(screen.container, 'pdf-compress')[0]!;
    await dropFiles(root.querySelector('[data-part="dropzone"]')!, await loadFixtures('crazyones.pdf'));
    await expect.poll(() => root.getAttribute('data-state')).toBe('selected');
    (root.querySelector('[data-part="convert"]') as HTMLButtonElement).click();
    await expect.poll(() => fake.requests.length).toBe(1);
    expect(fake.requests[0]?.url).toBe('https://staging-api.example.test/convert/pdf/to/compress');
    expect(fake.requests[0]?.headers.Authorization).toBeUndefined();
  });

  it('lets every text be overridden: shared strings, catalogue texts and option labels', async () => {
    const screen = await render(
      <PdfCompress
        transport={createFakeTransport().transport}
        messages={{
          dropzoneBrowse: 'oder klicken, um Dateien auszuwählen',
          dropzoneIdle: 'Ziehen Sie Ihre {noun} hierher',
          tool: {
            heading: 'PDF komprimieren',
            buttonLabel: 'Komprimieren',
            dropNoun: 'PDF-Datei',
            options: { Preset: { label: 'Voreinstellung', choices: { ebook: 'E-Book (150 DPI)' } } },
          },
        }}
      />,
    );
    const root = rootOf(screen.container, 'pdf-compress')[0]!;
    expect(root.querySelector('h2')?.textContent).toBe('PDF komprimieren');
    expect(root.querySelector('[data-part="dropzone"]')?.textContent).toContain(
      'Ziehen Sie Ihre PDF-Datei hierher',
    );
    expect(root.querySelector('[data-part="dropzone"]')?.textContent).toContain(
      'oder klicken, um Dateien auszuwählen',
    );
    expect(root.querySelector('[data-part="convert"]')?.textContent).toBe('Komprimieren');
    await expect
      .element(screen.getByRole('combobox', { name: 'Voreinstellung' }))
      .toHaveDisplayValue('E-Book (150 DPI)');
  });

  it('applies a partner theme from createStudioTheme, and host CSS on the root still wins', async () => {
    const theme = createStudioTheme({ color: { primary: '#7c3aed', primaryText: '#ffffff' } });
    const screen = await render(<PdfCompress theme={theme} transport={createFakeTransport().transport} />);
    const root = rootOf(screen.container, 'pdf-compress')[0]!;
    const button = root.querySelector<HTMLElement>('[data-part="convert"]')!;
    expect(getComputedStyle(button).backgroundColor).toBe('rgb(124, 58, 237)');

    const host = document.createElement('style');
    host.dataset.testHost = '';
    host.textContent = '[data-scope="pdf-compress"][data-part="convert"] { background: rgb(0, 128, 0); }';
    document.head.appendChild(host);
    expect(getComputedStyle(button).backgroundColor).toBe('rgb(0, 128, 0)');
  });

  it('aborts the request when the component unmounts mid-conversion', async () => {
    const fake = createFakeTransport({ kind: 'never' });
    const screen = await render(<PdfCompress transport={fake.transport} />);
    const root = rootOf(screen.container, 'pdf-compress')[0]!;
    await dropFiles(root.querySelector('[data-part="dropzone"]')!, await loadFixtures('crazyones.pdf'));
    await expect.poll(() => root.getAttribute('data-state')).toBe('selected');
    (root.querySelector('[data-part="convert"]') as HTMLButtonElement).click();
    await expect.poll(() => fake.requests.length).toBe(1);
    const aborted = vi.fn();
    fake.requests[0]!.signal?.addEventListener('abort', aborted);
    await screen.unmount();
    expect(aborted).toHaveBeenCalledTimes(1);
  });
});
