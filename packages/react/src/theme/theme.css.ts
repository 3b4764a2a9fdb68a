import { createGlobalTheme, createGlobalThemeContract, globalLayer } from '@vanilla-extract/css';
import { cssLayerName, darkTokens, lightTokens, themeClassNames, tokenVariableName } from './theme.tokens';

export const docstudioLayer = globalLayer(cssLayerName);

/** `vars.color.primary` is `var(--docstudio-color-primary)`: fixed names a host page can override. */
export const vars = createGlobalThemeContract(lightTokens, (_value, path) => tokenVariableName(path));

// The rule for host overrides: a custom property declared on an element beats the value it would
// inherit. So the defaults are declared once, as high as possible (:root, or the custom element's
// :host), and a component root declares tokens only when a theme is asked for. Everything is in the
// docstudio layer and zero-specificity (:where), so any unlayered host rule on the same element wins.
// :host stays outside :where(): inside a shadow tree only the outer page competes for the host
// element, and outer-page rules beat shadow-tree rules whatever their specificity.
createGlobalTheme(':where(:root), :host', vars, { '@layer': docstudioLayer, ...lightTokens });
createGlobalTheme(`:where(.${themeClassNames.dark})`, vars, { '@layer': docstudioLayer, ...darkTokens });
// The light class only has work to do below a dark scope: elsewhere the light tokens are inherited
// already, and re-declaring them would shadow a host override on an ancestor (`:root { … }`).
createGlobalTheme(`:where(.${themeClassNames.dark} .${themeClassNames.light})`, vars, {
  '@layer': docstudioLayer,
  ...lightTokens,
});
