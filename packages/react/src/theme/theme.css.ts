import { createGlobalTheme, createGlobalThemeContract, globalLayer } from '@vanilla-extract/css';
import { cssLayerName, darkTokens, lightTokens, themeClassNames, tokenVariableName } from './theme.tokens';

export const docstudioLayer = globalLayer(cssLayerName);

/** `vars.color.primary` is `var(--docstudio-color-primary)`: fixed names a host page can override. */
export const vars = createGlobalThemeContract(lightTokens, (_value, path) => tokenVariableName(path));

// :where() keeps the theme selectors at zero specificity, the layer puts them under any host rule.
// :root and :host give parts rendered outside any themed root (a lone primitive) the light tokens.
createGlobalTheme(`:where(:root, :host, .${themeClassNames.light})`, vars, {
  '@layer': docstudioLayer,
  ...lightTokens,
});
createGlobalTheme(`:where(.${themeClassNames.dark})`, vars, { '@layer': docstudioLayer, ...darkTokens });
