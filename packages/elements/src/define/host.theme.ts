/**
 * The theme of a custom element lives on its host, not on the React root inside the shadow tree:
 * `:host([theme="dark"])` declares the dark tokens on the element itself. A page rule on the element's
 * tag (`docstudio-pdf-merge { --docstudio-color-primary: … }`) comes from the outer context, and outer
 * rules beat the shadow tree's `:host` rules whatever their layer or specificity, so partner overrides
 * apply in the dark theme as in the light one. The light defaults are already declared on `:host` by
 * the component stylesheet; this sheet adds only the dark set, generated from the same token tree.
 */
import { cssLayerName, darkTokens, tokenVariableName } from '@docstudio/react';

function declarations(tree: Record<string, unknown>, path: string[]): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? declarations(value as Record<string, unknown>, [...path, key])
      : [`--${tokenVariableName([...path, key])}: ${String(value)};`],
  );
}

/** CSS text: the dark tokens on a host whose theme attribute is dark, in the docstudio layer. */
export const hostThemeCss = `@layer ${cssLayerName} {\n  :host([theme='dark']) {\n    ${declarations(
  darkTokens,
  [],
).join('\n    ')}\n  }\n}\n`;

let hostThemeSheet: CSSStyleSheet | undefined;

/** One constructable sheet shared by every element, created on first use. */
export function hostThemeStyleSheet(): CSSStyleSheet {
  if (!hostThemeSheet) {
    hostThemeSheet = new CSSStyleSheet();
    hostThemeSheet.replaceSync(hostThemeCss);
  }
  return hostThemeSheet;
}
