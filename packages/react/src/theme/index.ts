export { createStudioTheme, resolveTheme } from './createStudioTheme';
export type { StudioTheme, StudioTokenOverrides, ThemeInput } from './createStudioTheme';
export { docstudioLayer, vars } from './theme.css';
export { cssLayerName, darkTokens, lightTokens, themeClassNames, tokenVariableName } from './theme.tokens';
export type { StudioTokens, ThemeName } from './theme.tokens';
export { layeredStyle } from './layeredStyle';
export { ThemeScopeContext, useThemeScope } from './ThemeScope';
export type { ThemeScopeValue } from './ThemeScope';
