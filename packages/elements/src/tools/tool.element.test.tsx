import { darkTokens, lightTokens } from '@docstudio/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../elements/pdf-rotate';
// crazyones.pdf from the shared corpus (py-pdf/pypdf, BSD-3-Clause), copied byte for byte.
import crazyonesUrl from './fixtures/crazyones.pdf?url';

async function mount(html: string): Promise<{ element: HTMLElement; root: HTMLElement }> {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  const element = holder.firstElementChild as HTMLElement;
  let root: HTMLElement | null | undefined;
  await expect
    .poll(() => {
      root = element.shadowRoot?.querySelector<HTMLElement>('[data-scope="pdf-rotate"][data-part="root"]');
      return root;
    })
    .toBeTruthy();
  return { element, root: root as HTMLElement };
}

async function chooseCrazyOnes(root: HTMLElement): Promise<void> {
  const bytes = await (await fetch(crazyonesUrl)).blob();
  const transfer = new DataTransfer();
  transfer.items.add(new File([bytes], 'crazyones.pdf', { type: 'application/pdf' }));
  const input = root.querySelector<HTMLInputElement>('[data-part="file-input"]');
  if (!input) throw new Error('The drop zone has no file input.');
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const convertButton = (root: HTMLElement): HTMLElement => {
  const button = root.querySelector<HTMLElement>('[data-part="convert"]');
  if (!button) throw new Error('The tool has no convert button.');
  return button;
};

/** '#1d4ed8' -> 'rgb(29, 78, 216)', the form getComputedStyle reports. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** A partner page's own stylesheet, outside every shadow root. */
function pageStyle(css: string): void {
  const style = document.createElement('style');
  style.dataset.testPage = '';
  style.textContent = css;
  document.head.appendChild(style);
}

afterEach(() => {
  for (const node of document.querySelectorAll('style[data-test-page]')) node.remove();
});

const nextEvent = (name: string) =>
  new Promise<CustomEvent>((resolve) =>
    document.addEventListener(name, (event) => resolve(event as CustomEvent), { once: true }),
  );

describe('<docstudio-pdf-rotate>', () => {
  it('renders the real tool inside its shadow root, with option attributes as starting values', async () => {
    const { element, root } = await mount(
      '<docstudio-pdf-rotate api-url="/api" rotate-page="180"></docstudio-pdf-rotate>',
    );
    expect(element.shadowRoot?.mode).toBe('open');
    expect(document.querySelector('[data-scope="pdf-rotate"]')).toBeNull();
    expect(root.getAttribute('data-state')).toBe('idle');
    const angle = root.querySelector<HTMLSelectElement>('[data-option="RotatePage"] select');
    expect(angle?.value).toBe('180');
    const convert = root.querySelector<HTMLButtonElement>('[data-part="convert"]');
    expect(convert?.disabled).toBe(true);
    // The adopted stylesheet styles the shadow content: the button is not the browser's default.
    expect(getComputedStyle(convert as HTMLButtonElement).borderRadius).not.toBe('0px');
  });

  it("theme='dark' gives the dark tokens inside, applied on the host rather than on the tool root", async () => {
    const { element, root } = await mount('<docstudio-pdf-rotate theme="dark"></docstudio-pdf-rotate>');
    expect(getComputedStyle(root).backgroundColor).toBe(rgb(darkTokens.color.surface));
    expect(getComputedStyle(convertButton(root)).backgroundColor).toBe(rgb(darkTokens.color.primary));
    expect([...root.classList].some((name) => name.startsWith('docstudio-theme-'))).toBe(false);
    expect(getComputedStyle(element).getPropertyValue('--docstudio-color-surface').trim()).toBe(
      darkTokens.color.surface,
    );
  });

  it('a page rule on the element tag colours the primary button in the light and the dark theme', async () => {
    pageStyle('docstudio-pdf-rotate { --docstudio-color-primary: rgb(1, 2, 3); }');
    const light = await mount('<docstudio-pdf-rotate></docstudio-pdf-rotate>');
    const explicitLight = await mount('<docstudio-pdf-rotate theme="light"></docstudio-pdf-rotate>');
    const dark = await mount('<docstudio-pdf-rotate theme="dark"></docstudio-pdf-rotate>');
    for (const { root } of [light, explicitLight, dark])
      expect(getComputedStyle(convertButton(root)).backgroundColor).toBe('rgb(1, 2, 3)');
    // Only the overridden token changes: the dark element keeps its dark surface and button text.
    expect(getComputedStyle(dark.root).backgroundColor).toBe(rgb(darkTokens.color.surface));
    expect(getComputedStyle(convertButton(dark.root)).color).toBe(rgb(darkTokens.color.primaryText));
    expect(getComputedStyle(light.root).backgroundColor).toBe(rgb(lightTokens.color.surface));
  });

  it('switches the colours when the theme attribute or property changes at run time', async () => {
    const { element, root } = await mount('<docstudio-pdf-rotate theme="light"></docstudio-pdf-rotate>');
    const surface = () => getComputedStyle(root).backgroundColor;
    const primary = () => getComputedStyle(convertButton(root)).backgroundColor;
    expect(surface()).toBe(rgb(lightTokens.color.surface));
    expect(primary()).toBe(rgb(lightTokens.color.primary));

    element.setAttribute('theme', 'dark');
    await expect.poll(surface).toBe(rgb(darkTokens.color.surface));
    expect(primary()).toBe(rgb(darkTokens.color.primary));

    element.setAttribute('theme', 'light');
    await expect.poll(surface).toBe(rgb(lightTokens.color.surface));
    expect(primary()).toBe(rgb(lightTokens.color.primary));

    // The property reflects to the attribute (r2wc), so it themes the host the same way.
    (element as HTMLElement & { theme?: string }).theme = 'dark';
    expect(element.getAttribute('theme')).toBe('dark');
    await expect.poll(surface).toBe(rgb(darkTokens.color.surface));

    // A page rule added later still wins on the dark host.
    pageStyle('docstudio-pdf-rotate { --docstudio-color-primary: rgb(1, 2, 3); }');
    expect(primary()).toBe('rgb(1, 2, 3)');
    element.removeAttribute('theme');
    await expect.poll(surface).toBe(rgb(lightTokens.color.surface));
    expect(primary()).toBe('rgb(1, 2, 3)');
  });

  it("heading-level sets the rank of the tool's heading (h2 without it)", async () => {
    const standard = await mount('<docstudio-pdf-rotate></docstudio-pdf-rotate>');
    const ranked = await mount('<docstudio-pdf-rotate heading-level="1"></docstudio-pdf-rotate>');
    const headingTag = (root: HTMLElement) =>
      root.querySelector('[data-part="header"] :is(h1, h2, h3, h4, h5, h6)')?.tagName;
    expect(headingTag(standard.root)).toBe('H2');
    expect(headingTag(ranked.root)).toBe('H1');
    ranked.element.setAttribute('heading-level', '4');
    await expect.poll(() => headingTag(ranked.root)).toBe('H4');
  });

  it('opens option help popovers inside the shadow root, where the adopted styles apply', async () => {
    const { element, root } = await mount('<docstudio-pdf-rotate></docstudio-pdf-rotate>');
    const trigger = root.querySelector<HTMLButtonElement>(
      '[data-option="PageRange"] [data-part="popover-trigger"]',
    );
    expect(trigger?.getAttribute('aria-label')).toBe('More about Pages to rotate');
    trigger?.click();
    await expect.poll(() => element.shadowRoot?.querySelector('[data-part="popover"]')).toBeTruthy();
    expect(document.body.querySelector('[data-part="popover"]')).toBeNull();
    const popover = element.shadowRoot?.querySelector('[data-part="popover"]') as HTMLElement;
    expect(popover.textContent).toContain('Pages past the end of the document are ignored.');
    expect(getComputedStyle(popover).backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
  });

  it('sends docstudio-change and docstudio-error out of the shadow root, bubbling and composed', async () => {
    // Port 9 (discard) on loopback is closed: the conversion fails with a real network error.
    const { element, root } = await mount(
      '<docstudio-pdf-rotate api-url="http://127.0.0.1:9/api" token="e2e-token"></docstudio-pdf-rotate>',
    );
    const changed = nextEvent('docstudio-change');
    await chooseCrazyOnes(root);
    const change = await changed;
    expect(change.composed).toBe(true);
    expect(change.bubbles).toBe(true);
    expect(change.target).toBe(element);
    expect(change.detail).toEqual({ state: 'selected' });

    const failed = nextEvent('docstudio-error');
    root.querySelector<HTMLButtonElement>('[data-part="convert"]')?.click();
    const error = await failed;
    expect(error.composed).toBe(true);
    expect(error.target).toBe(element);
    expect(error.detail.error).toBeInstanceOf(Error);
    await expect.poll(() => root.getAttribute('data-state')).toBe('failed');
  });
});
