/**
 * <docstudio-pdf-ocr> on a partner page against the real server: its Language picker lists the
 * spec's 27, then the languages the server has installed (French, Czech …, from GET /ocr/languages),
 * and a language past the 27 converts.
 */
import { OCR_LANGUAGES } from '@docstudio/core';
import { PdfOcr } from '@docstudio/react';
import { describe, expect, it } from 'vitest';
import { chooseFile } from '../testing/choose-file';
import { studioApiUrl, userToken } from '../testing/studio-server';
// crazyones.pdf from the shared corpus (py-pdf/pypdf, BSD-3-Clause), copied byte for byte.
import crazyonesUrl from './fixtures/crazyones.pdf?url';
import { defineToolElement } from './tool.element';

defineToolElement('pdf-ocr', PdfOcr);

// all.test.ts only renders with this user; conversions here do not touch its state.
const token = userToken(3);

async function mountOcr(): Promise<HTMLElement> {
  const holder = document.createElement('div');
  holder.innerHTML = `<docstudio-pdf-ocr api-url="${studioApiUrl()}" token="${token}"></docstudio-pdf-ocr>`;
  document.body.append(holder);
  const element = holder.firstElementChild as HTMLElement;
  let root: HTMLElement | null | undefined;
  await expect
    .poll(() => {
      root = element.shadowRoot?.querySelector<HTMLElement>('[data-scope="pdf-ocr"][data-part="root"]');
      return root;
    })
    .toBeTruthy();
  return root as HTMLElement;
}

function choose(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('<docstudio-pdf-ocr> languages', () => {
  it("lists the server's installed languages after the 27, and converts with Czech", async () => {
    const root = await mountOcr();
    const language = root.querySelector<HTMLSelectElement>('[data-option="Language"] select');
    if (!language) throw new Error('no Language picker');
    const labels = () => [...language.options].map((option) => option.textContent ?? '');
    await expect
      .poll(() => labels().slice(27), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['Czech', 'French']));
    expect([...language.options].slice(0, 27).map((option) => option.value)).toEqual(
      OCR_LANGUAGES.map((choice) => choice.value),
    );
    const czech = [...language.options].find((option) => option.textContent === 'Czech');
    choose(language, czech?.value ?? '');
    // the tool's own state took it (a controlled select would snap back otherwise)
    await expect.poll(() => language.value).toBe('cs');
    const output = root.querySelector<HTMLSelectElement>('[data-part="output-format"]');
    if (!output) throw new Error('no output format');
    choose(output, 'txt');
    await chooseFile(root, crazyonesUrl, 'crazyones.pdf');
    await expect.poll(() => root.getAttribute('data-state')).toBe('selected');
    const completed = new Promise<CustomEvent<{ files: Array<{ url: string; fileName: string }> }>>(
      (resolve) =>
        document.addEventListener('docstudio-complete', (event) => resolve(event as CustomEvent), {
          once: true,
        }),
    );
    root.querySelector<HTMLButtonElement>('[data-part="convert"]')?.click();
    const [result] = (await completed).detail.files;
    expect(result?.fileName).toBe('crazyones.txt');
    const text = await (await fetch(result?.url ?? '')).text();
    expect(text).toContain('misfits');
  });
});
