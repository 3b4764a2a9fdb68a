/**
 * Styles inside a shadow root: the component CSS must be adopted into each root, since document
 * styles do not cross the boundary (the `--docstudio-*` tokens do, being inherited custom properties).
 * A built bundle sets the stylesheet text once with `setElementStyles`; during development and tests
 * the styles Vite injected into the document head are mirrored instead. The host theme sheet
 * (host.theme.ts) comes after it: the dark tokens on `:host([theme='dark'])`.
 */
import { hostThemeStyleSheet } from './host.theme';

let builtCssText: string | undefined;
let sharedSheet: CSSStyleSheet | undefined;

/**
 * Called by the built entry with the bundle's CSS text; one constructable sheet serves every element.
 * The sheet is made when the first element adopts it: a module that only sets the text runs in Node too.
 */
export function setElementStyles(cssText: string): void {
  builtCssText = cssText;
  sharedSheet?.replaceSync(cssText);
}

function builtSheet(): CSSStyleSheet | undefined {
  if (builtCssText === undefined) return undefined;
  if (!sharedSheet) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(builtCssText);
  }
  return sharedSheet;
}

function documentStyleText(): string {
  return Array.from(document.querySelectorAll('style'))
    .map((style) => style.textContent ?? '')
    .join('\n');
}

export function adoptStyles(root: ShadowRoot): void {
  const sheet =
    builtSheet() ??
    (() => {
      const mirrored = new CSSStyleSheet();
      mirrored.replaceSync(documentStyleText());
      return mirrored;
    })();
  const missing = [sheet, hostThemeStyleSheet()].filter((each) => !root.adoptedStyleSheets.includes(each));
  if (missing.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
}
