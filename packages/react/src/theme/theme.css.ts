import { createGlobalTheme, createGlobalThemeContract, fallbackVar, globalLayer } from '@vanilla-extract/css';
import { cssLayerName, darkTokens, lightTokens, themeClassNames, tokenVariableName } from './theme.tokens';

export const docstudioLayer = globalLayer(cssLayerName);

const tokens = createGlobalThemeContract(lightTokens, (_value, path) => tokenVariableName(path));
const { derive, ...publicTokens } = tokens;
const { primary, surface } = tokens.color;

/**
 * `vars.color.primary` is `var(--docstudio-color-primary)`: fixed names a host page can override.
 * The themes declare no value for the tokens derived from the primary (theme.tokens.ts), so these
 * carry their default as the var() fallback, computed on the element that uses it: it follows the
 * primary wherever it was set, and an explicit value of the token itself still wins.
 */
export const vars = {
  ...publicTokens,
  color: {
    ...tokens.color,
    primaryHover: fallbackVar(tokens.color.primaryHover, `color-mix(in srgb, ${primary}, ${derive.hover})`),
    dropHighlight: fallbackVar(
      tokens.color.dropHighlight,
      `color-mix(in srgb, ${primary} ${derive.drop}, ${surface})`,
    ),
  },
  focus: {
    ring: fallbackVar(
      tokens.focus.ring,
      `0 0 0 3px color-mix(in srgb, ${primary} ${derive.ring}, transparent)`,
    ),
    outline: fallbackVar(tokens.focus.outline, `2px solid ${primary}`),
  },
};

// The rule for host overrides: a custom property declared on an element beats the value it would
// inherit. So the defaults are declared once, as high as possible (:root, or the custom element's
// :host), and a component root declares tokens only when a theme is asked for. Everything is in the
// docstudio layer and zero-specificity (:where), so any unlayered host rule on the same element wins.
// :host stays outside :where(): inside a shadow tree only the outer page competes for the host
// element, and outer-page rules beat shadow-tree rules whatever their specificity.
createGlobalTheme(':where(:root), :host', tokens, { '@layer': docstudioLayer, ...lightTokens });
createGlobalTheme(`:where(.${themeClassNames.dark})`, tokens, { '@layer': docstudioLayer, ...darkTokens });
// The light class only has work to do below a dark scope: elsewhere the light tokens are inherited
// already, and re-declaring them would shadow a host override on an ancestor (`:root { … }`).
createGlobalTheme(`:where(.${themeClassNames.dark} .${themeClassNames.light})`, tokens, {
  '@layer': docstudioLayer,
  ...lightTokens,
});
