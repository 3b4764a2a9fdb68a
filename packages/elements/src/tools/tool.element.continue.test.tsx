/**
 * The hand-over between two tool elements on a partner page, against the real server: `continue`
 * offers 'Continue with another tool' and sends docstudio-continue; the page sets the results as the
 * next element's `initialFiles`, which shows the stored file's pages and converts it by FileId.
 * Without the attribute nothing is offered.
 */
import { PdfRotate, PdfSplit } from '@docstudio/react';
import { describe, expect, it } from 'vitest';
import { chooseFile } from '../testing/choose-file';
import { studioApiUrl, userToken } from '../testing/studio-server';
// crazyones.pdf from the shared corpus (py-pdf/pypdf, BSD-3-Clause), copied byte for byte.
import crazyonesUrl from './fixtures/crazyones.pdf?url';
import { defineToolElement } from './tool.element';

defineToolElement('pdf-rotate', PdfRotate);
defineToolElement('pdf-split', PdfSplit);

// all.test.ts only renders with this user; conversions here do not touch its state.
const token = userToken(3);

async function toolRoot(element: HTMLElement, toolId: string): Promise<HTMLElement> {
  let root: HTMLElement | null | undefined;
  await expect
    .poll(() => {
      root = element.shadowRoot?.querySelector<HTMLElement>(`[data-scope="${toolId}"][data-part="root"]`);
      return root;
    })
    .toBeTruthy();
  return root as HTMLElement;
}

async function mountRotate(extra: string): Promise<{ element: HTMLElement; root: HTMLElement }> {
  const holder = document.createElement('div');
  holder.innerHTML = `<docstudio-pdf-rotate api-url="${studioApiUrl()}" token="${token}" ${extra}></docstudio-pdf-rotate>`;
  document.body.append(holder);
  const element = holder.firstElementChild as HTMLElement;
  return { element, root: await toolRoot(element, 'pdf-rotate') };
}

async function rotateCrazyOnes(root: HTMLElement): Promise<void> {
  await chooseFile(root, crazyonesUrl, 'crazyones.pdf');
  await expect.poll(() => root.getAttribute('data-state')).toBe('selected');
  root.querySelector<HTMLButtonElement>('[data-part="convert"]')?.click();
  await expect.poll(() => root.getAttribute('data-state'), { timeout: 60_000 }).toBe('complete');
}

describe('tool elements: continue with another tool', () => {
  it('without the continue attribute a result offers no hand-over', async () => {
    const { root } = await mountRotate('');
    await rotateCrazyOnes(root);
    expect(root.querySelector('[data-part="continue"]')).toBeNull();
  });

  it('hands a result to another element: docstudio-continue, then initialFiles, converted by FileId', async () => {
    const { element, root } = await mountRotate('continue');
    await rotateCrazyOnes(root);
    const select = root.querySelector<HTMLSelectElement>('[data-part="continue-tool"]');
    expect(select).not.toBeNull();
    if (!select) return;
    select.value = 'pdf-split';
    select.dispatchEvent(new Event('change', { bubbles: true }));

    const continued = new Promise<CustomEvent>((resolve) =>
      document.addEventListener('docstudio-continue', (event) => resolve(event as CustomEvent), {
        once: true,
      }),
    );
    root.querySelector<HTMLButtonElement>('[data-part="continue-button"]')?.click();
    const event = await continued;
    expect(event.target).toBe(element);
    expect(event.bubbles && event.composed).toBe(true);
    expect(event.detail.tool).toBe('pdf-split');
    const [result] = event.detail.files;
    expect(event.detail.files).toHaveLength(1);
    expect(result).toMatchObject({ fileName: expect.stringMatching(/\.pdf$/), fileExt: 'pdf' });

    // The partner page's recipe: the next element, its initialFiles set before it is added.
    const split = document.createElement(`docstudio-${event.detail.tool}`) as HTMLElement & {
      initialFiles?: unknown;
    };
    split.setAttribute('api-url', studioApiUrl());
    split.setAttribute('token', token);
    split.initialFiles = event.detail.files;
    document.body.append(split);
    expect(split.hasAttribute('initial-files')).toBe(false);
    const splitRoot = await toolRoot(split, 'pdf-split');
    expect(splitRoot.getAttribute('data-state')).toBe('selected');
    expect(splitRoot.querySelector('[data-part="file-name"]')?.textContent).toBe(result.fileName);
    // The handed-over file's pages, downloaded from the server (crazyones.pdf has one page).
    await expect
      .poll(() => splitRoot.querySelectorAll('[data-part="page-image"][data-state="ready"]').length, {
        timeout: 20_000,
      })
      .toBe(1);

    splitRoot.querySelector<HTMLButtonElement>('[data-part="convert"]')?.click();
    await expect.poll(() => splitRoot.getAttribute('data-state'), { timeout: 60_000 }).toBe('complete');
    const names = [...splitRoot.querySelectorAll('[data-part="result-name"]')].map(
      (node) => node.textContent,
    );
    expect(names.length).toBeGreaterThan(0);
  });

  it('an element already on the page starts afresh with files set later as initialFiles', async () => {
    const { root } = await mountRotate('');
    const completed = new Promise<CustomEvent>((resolve) =>
      document.addEventListener('docstudio-complete', (event) => resolve(event as CustomEvent), {
        once: true,
      }),
    );
    await rotateCrazyOnes(root);
    const { files } = (await completed).detail;

    const split = document.createElement('docstudio-pdf-split') as HTMLElement & { initialFiles?: unknown };
    split.setAttribute('api-url', studioApiUrl());
    split.setAttribute('token', token);
    document.body.append(split);
    const before = await toolRoot(split, 'pdf-split');
    expect(before.getAttribute('data-state')).toBe('idle');
    split.initialFiles = files;
    await expect
      .poll(() =>
        split.shadowRoot
          ?.querySelector('[data-scope="pdf-split"][data-part="root"]')
          ?.getAttribute('data-state'),
      )
      .toBe('selected');
    const after = await toolRoot(split, 'pdf-split');
    expect(after.querySelector('[data-part="file-name"]')?.textContent).toBe(files[0].fileName);
    expect(split.initialFiles).toBe(files);
  });
});
