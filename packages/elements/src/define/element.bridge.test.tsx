import { describe, expect, it } from 'vitest';
import {
  createDocstudioElement,
  defineDocstudioElement,
  type ElementAttributes,
  setElementStyles,
} from './index';

interface ProbeProps {
  apiUrl?: string;
  pdfa?: boolean;
  onComplete?: (detail: unknown) => void;
}

/** A small real component: shows its props and reports completion when clicked. */
function Probe({ apiUrl, pdfa, onComplete }: ProbeProps) {
  return (
    <button type="button" className="probe" onClick={() => onComplete?.({ files: [{ FileName: 'a.pdf' }] })}>
      {`${apiUrl ?? 'none'}|${pdfa === undefined ? 'unset' : String(pdfa)}`}
    </button>
  );
}

defineDocstudioElement('docstudio-probe', createDocstudioElement(Probe, { attributes: { pdfa: 'boolean' } }));

async function mount(html: string): Promise<HTMLElement> {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  const element = holder.firstElementChild as HTMLElement;
  await expect.poll(() => element.shadowRoot?.querySelector('button')).toBeTruthy();
  return element;
}

describe('docstudio custom elements', () => {
  it('passes kebab-case attributes as props and reads an empty boolean attribute as true', async () => {
    const element = await mount('<docstudio-probe api-url="/api" pdfa></docstudio-probe>');
    expect(element.shadowRoot?.querySelector('button')?.textContent).toBe('/api|true');
    element.setAttribute('pdfa', 'false');
    await expect.poll(() => element.shadowRoot?.querySelector('button')?.textContent).toBe('/api|false');
  });

  it('dispatches docstudio-complete from the host, bubbling and composed, with the detail', async () => {
    const element = await mount('<docstudio-probe></docstudio-probe>');
    const received = new Promise<CustomEvent>((resolve) =>
      document.addEventListener('docstudio-complete', (event) => resolve(event as CustomEvent), {
        once: true,
      }),
    );
    element.shadowRoot?.querySelector('button')?.click();
    const event = await received;
    expect(event.composed).toBe(true);
    expect(event.target).toBe(element);
    expect(event.detail).toEqual({ files: [{ FileName: 'a.pdf' }] });
  });

  it('adopts the element stylesheet into the shadow root', async () => {
    setElementStyles('.probe { outline: 3px solid rgb(255, 0, 0); }');
    const element = await mount('<docstudio-probe></docstudio-probe>');
    const button = element.shadowRoot?.querySelector('button') as HTMLElement;
    expect(getComputedStyle(button).outlineColor).toBe('rgb(255, 0, 0)');
  });

  it('ignores a second definition of the same tag instead of throwing', () => {
    expect(() => defineDocstudioElement('docstudio-probe', createDocstudioElement(Probe))).not.toThrow();
  });

  it('passes a plain property as a prop without an attribute, also when set before the tag is defined', async () => {
    function Listing({ items }: ElementAttributes & { items?: unknown }) {
      return <button type="button">{Array.isArray(items) ? items.join(',') : 'none'}</button>;
    }
    // Set while the tag is still unknown: an own property of the plain element, until defined.
    const early = document.createElement('docstudio-listing') as HTMLElement & { items?: unknown };
    early.items = ['a', 'b'];
    document.body.append(early);
    defineDocstudioElement('docstudio-listing', createDocstudioElement(Listing, { properties: ['items'] }));
    const text = () => early.shadowRoot?.querySelector('button')?.textContent;
    await expect.poll(text).toBe('a,b');
    early.items = ['c'];
    await expect.poll(text).toBe('c');
    expect(early.items).toEqual(['c']);
    expect(early.getAttributeNames()).toEqual([]);
  });
});
