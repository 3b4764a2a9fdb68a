export type { StudioTheme, StudioTokenOverrides, ThemeInput } from './createStudioTheme';
export { createStudioTheme, resolveTheme } from './createStudioTheme';
export { layeredStyle } from './layeredStyle';
export type { ThemeScopeValue } from './ThemeScope';
export { ThemeScopeContext, useThemeScope } from './ThemeScope';
export { docstudioLayer, vars } from './theme.css';
export type { StudioTokens, ThemeName } from './theme.tokens';
export { cssLayerName, darkTokens, lightTokens, themeClassNames, tokenVariableName } from './theme.tokens';
