import { type StyleRule, style } from '@vanilla-extract/css';
import { docstudioLayer } from './theme.css';

/**
 * Every docstudio rule lives in the `docstudio` layer, so a host page's unlayered CSS always wins.
 * Call only from `.css.ts` files (vanilla-extract registers the rule at build time).
 */
export function layeredStyle(rule: StyleRule, debugId?: string): string {
  return style({ '@layer': { [docstudioLayer]: rule } }, debugId);
}
