/** Reading the theme as a host page meets it: its own stylesheets, and colours computed by Chromium. */
import { vars } from '../theme';

/** A host page's own (unlayered) stylesheet; removeHostStyles takes them all away again. */
export function hostStyle(css: string): void {
  const style = document.createElement('style');
  style.dataset.testHost = '';
  style.textContent = css;
  document.head.appendChild(style);
}

export function removeHostStyles(): void {
  for (const node of document.querySelectorAll('style[data-test-host]')) node.remove();
}

/** '#1d4ed8' -> 'rgb(29, 78, 216)', the form getComputedStyle reports. */
export function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The computed style of a probe child of `parent` styled with `css`, as the given properties. */
function probe<const K extends string>(
  parent: Node,
  css: string,
  read: Record<K, string>,
): Record<K, string> {
  const span = document.createElement('span');
  span.style.cssText = css;
  parent.appendChild(span);
  const style = getComputedStyle(span);
  const values = Object.fromEntries(
    Object.entries<string>(read).map(([key, property]) => [key, style.getPropertyValue(property)]),
  ) as Record<K, string>;
  span.remove();
  return values;
}

/** A colour expression (`color-mix(…)`) as Chromium computes it, to compare with a computed colour. */
export function colour(expression: string): string {
  return probe(document.body, `color: ${expression}`, { colour: 'color' }).colour;
}

/**
 * The four tokens derived from the primary, computed where a component rule inside `element` would
 * use them: hover and drop highlight as colours, the focus outline's colour and the focus ring's shadow.
 */
export function derivedAt(element: Node) {
  const { color, focus } = vars;
  return probe(
    element,
    `color: ${color.primaryHover}; background-color: ${color.dropHighlight}; outline: ${focus.outline}; box-shadow: ${focus.ring}`,
    { hover: 'color', drop: 'background-color', outline: 'outline-color', ring: 'box-shadow' },
  );
}
