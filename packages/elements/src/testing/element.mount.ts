/** Mounting an element from HTML, as a partner page writes it, and reading it like its user. */
import { expect } from 'vitest';
import { userEvent } from 'vitest/browser';

export interface Mounted {
  element: HTMLElement;
  /** The component's root inside the shadow root (`[data-scope=…][data-part=root]`). */
  root: HTMLElement;
  /** The first node of a part, anywhere in the shadow root (dialogs portal there too). */
  part(name: string): HTMLElement;
  parts(name: string): HTMLElement[];
}

export async function mountElement(html: string, scope: string): Promise<Mounted> {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  const element = holder.firstElementChild as HTMLElement;
  const selector = `[data-scope="${scope}"][data-part="root"]`;
  await expect.poll(() => element.shadowRoot?.querySelector(selector)).toBeTruthy();
  const shadow = element.shadowRoot as ShadowRoot;
  const parts = (name: string) => [...shadow.querySelectorAll<HTMLElement>(`[data-part="${name}"]`)];
  return {
    element,
    root: shadow.querySelector<HTMLElement>(selector) as HTMLElement,
    parts,
    part: (name) => {
      const found = parts(name)[0];
      if (!found) throw new Error(`The element shows no ${name}.`);
      return found;
    },
  };
}

/** The next `name` event that reaches the document (so it bubbled out of the shadow root). */
export const nextEvent = (name: string): Promise<CustomEvent> =>
  new Promise((resolve) =>
    document.addEventListener(name, (event) => resolve(event as CustomEvent), { once: true }),
  );

/** Every `name` event that reaches the document from now on. */
export function recordEvents(name: string): CustomEvent[] {
  const seen: CustomEvent[] = [];
  document.addEventListener(name, (event) => seen.push(event as CustomEvent));
  return seen;
}

/** Chooses a file on the drop zone's input, as the browse dialog does. */
export async function chooseFile(root: ParentNode, url: string, name: string, type: string): Promise<void> {
  const bytes = await (await fetch(url)).blob();
  const transfer = new DataTransfer();
  transfer.items.add(new File([bytes], name, { type }));
  const input = root.querySelector<HTMLInputElement>('[data-part="file-input"]');
  if (!input) throw new Error('The drop zone has no file input.');
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Presses a button from the keyboard: a toast ('Step added to workflow') may lie over it for a
 * pointer until it fades, never for a keyboard.
 */
export async function press(button: HTMLElement): Promise<void> {
  button.focus();
  await userEvent.keyboard('{Enter}');
}
