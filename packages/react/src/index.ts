export * from './primitives';
export * from './provider';
export * from './shell';
// Everything of the theme but layeredStyle, which calls vanilla-extract's style() and so belongs to
// `.css.ts` files: it is @docstudio/react/vanilla-extract (src/vanilla-extract.ts), so a page that only
// renders components does not load vanilla-extract's runtime.
export {
  createStudioTheme,
  cssLayerName,
  darkTokens,
  docstudioLayer,
  lightTokens,
  resolveTheme,
  type StudioTheme,
  type StudioTokenOverrides,
  type StudioTokens,
  type ThemeInput,
  type ThemeName,
  ThemeScopeContext,
  type ThemeScopeValue,
  themeClassNames,
  tokenVariableName,
  useThemeScope,
  vars,
} from './theme';
export * from './tools';
export * from './workflows';
