import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { createFakeTransport } from '../fixtures';
import { StudioProvider } from '../provider';
import { hostStyle, removeHostStyles, rgb } from '../testing/theme.probe';
import { PdfCompress } from '../tools/PdfCompress';
import { createStudioTheme } from './createStudioTheme';
import { darkTokens, lightTokens } from './theme.tokens';

// The cascade as a host page meets it: real stylesheets in real Chromium, computed colours read back.

const transport = () => createFakeTransport().transport;
const rootsOf = (container: HTMLElement) => [
  ...container.querySelectorAll<HTMLElement>('[data-scope="pdf-compress"][data-part="root"]'),
];
const convertButton = (root: HTMLElement) => root.querySelector<HTMLElement>('[data-part="convert"]')!;

afterEach(removeHostStyles);

describe('theme cascade', () => {
  it('a tool with no theme carries no theme class and shows the light defaults', async () => {
    const screen = await render(<PdfCompress transport={transport()} />);
    const root = rootsOf(screen.container)[0]!;
    expect([...root.classList].some((name) => name.startsWith('docstudio-theme-'))).toBe(false);
    expect(getComputedStyle(root).backgroundColor).toBe(rgb(lightTokens.color.surface));
    expect(getComputedStyle(convertButton(root)).backgroundColor).toBe(rgb(lightTokens.color.primary));
  });

  it("a host :root override changes the tool's primary button, with no theme and with theme='light'", async () => {
    hostStyle(':root { --docstudio-color-primary: rgb(1, 2, 3); }');
    const screen = await render(
      <>
        <PdfCompress transport={transport()} />
        <PdfCompress transport={transport()} theme="light" />
      </>,
    );
    const roots = rootsOf(screen.container);
    expect(roots).toHaveLength(2);
    for (const root of roots)
      expect(getComputedStyle(convertButton(root)).backgroundColor).toBe('rgb(1, 2, 3)');
  });

  it('a host rule on an ancestor element (a custom element tag, a wrapper) wins over the defaults', async () => {
    hostStyle('.partner-frame { --docstudio-color-surface: rgb(250, 240, 230); }');
    const screen = await render(
      <div className="partner-frame">
        <StudioProvider theme="light" transport={transport()}>
          <PdfCompress />
        </StudioProvider>
      </div>,
    );
    expect(getComputedStyle(rootsOf(screen.container)[0]!).backgroundColor).toBe('rgb(250, 240, 230)');
  });

  it("theme='dark' switches the surface colour, and a host rule on the themed root still wins", async () => {
    const screen = await render(<PdfCompress transport={transport()} theme="dark" />);
    const root = rootsOf(screen.container)[0]!;
    expect(root.classList.contains('docstudio-theme-dark')).toBe(true);
    expect(getComputedStyle(root).backgroundColor).toBe(rgb(darkTokens.color.surface));
    expect(getComputedStyle(convertButton(root)).backgroundColor).toBe(rgb(darkTokens.color.primary));

    hostStyle('.docstudio-theme-dark { --docstudio-color-primary: rgb(7, 8, 9); }');
    expect(getComputedStyle(convertButton(root)).backgroundColor).toBe('rgb(7, 8, 9)');
  });

  it('createStudioTheme: overrides on top of the dark base, and a host rule inside the root still wins', async () => {
    const theme = createStudioTheme({ color: { primary: '#7c3aed' } }, 'dark');
    const screen = await render(<PdfCompress transport={transport()} theme={theme} />);
    const root = rootsOf(screen.container)[0]!;
    expect(getComputedStyle(convertButton(root)).backgroundColor).toBe('rgb(124, 58, 237)');
    expect(getComputedStyle(root).backgroundColor).toBe(rgb(darkTokens.color.surface));

    hostStyle(
      '[data-scope="pdf-compress"][data-part="convert"] { --docstudio-color-primary: rgb(0, 128, 0); }',
    );
    expect(getComputedStyle(convertButton(root)).backgroundColor).toBe('rgb(0, 128, 0)');
  });

  it('two tools with different themes on one page stay independent, also inside a dark provider', async () => {
    const screen = await render(
      <>
        <PdfCompress transport={transport()} theme="dark" />
        <PdfCompress transport={transport()} theme="light" />
        <StudioProvider theme="dark" transport={transport()}>
          <PdfCompress />
          <PdfCompress theme="light" />
        </StudioProvider>
      </>,
    );
    const surfaces = rootsOf(screen.container).map((root) => getComputedStyle(root).backgroundColor);
    const dark = rgb(darkTokens.color.surface);
    const light = rgb(lightTokens.color.surface);
    expect(surfaces).toEqual([dark, light, dark, light]);
  });

  it('inside a shadow root the defaults sit on :host, and a page rule on the host element wins', async () => {
    const host = document.createElement('docstudio-theme-probe');
    document.body.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const sheet = new CSSStyleSheet();
    // The built docstudio CSS, as the custom elements adopt it (Vite put it in the document head).
    sheet.replaceSync(
      Array.from(document.querySelectorAll('style'))
        .map((style) => style.textContent ?? '')
        .join('\n'),
    );
    shadow.adoptedStyleSheets = [sheet];
    const inner = document.createElement('div');
    shadow.appendChild(inner);
    const token = () => getComputedStyle(inner).getPropertyValue('--docstudio-color-primary').trim();
    try {
      // Without the document's :root (a bundle adopted only into the shadow root) :host must supply it.
      document.documentElement.style.setProperty('--docstudio-color-primary', 'initial');
      expect(token()).toBe(lightTokens.color.primary);
      hostStyle('docstudio-theme-probe { --docstudio-color-primary: rgb(4, 5, 6); }');
      expect(token()).toBe('rgb(4, 5, 6)');
    } finally {
      document.documentElement.style.removeProperty('--docstudio-color-primary');
      host.remove();
    }
  });
});
