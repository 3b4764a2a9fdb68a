import { type StudioTokens, type ThemeName, themeClassNames, tokenVariableName } from './theme.tokens';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export type StudioTokenOverrides = DeepPartial<StudioTokens>;

/** A partner theme: a base theme class plus custom-property overrides, usable without any compiler. */
export interface StudioTheme {
  base: ThemeName;
  /** The base theme's class name (docstudio-theme-light or docstudio-theme-dark). */
  className: string;
  /** `{ '--docstudio-color-primary': '#7c3aed' }` — spread into a `style` prop. */
  style: Record<`--docstudio-${string}`, string>;
  /** The same overrides as CSS text for a selector, for a `<style>` element or a stylesheet. */
  toCss(selector: string): string;
}

function flatten(
  tree: Record<string, unknown>,
  path: string[],
  into: Record<`--docstudio-${string}`, string>,
): void {
  for (const [key, value] of Object.entries(tree)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'object') {
      flatten(value as Record<string, unknown>, [...path, key], into);
    } else {
      into[`--${tokenVariableName([...path, key])}` as `--docstudio-${string}`] = String(value);
    }
  }
}

/**
 * Builds a partner theme at run time. Overrides are plain custom properties, so they beat the
 * layered base theme and cross shadow roots like every other `--docstudio-*` variable. Only the
 * tokens given are emitted: hover, focus and drop highlight left out keep following the primary.
 */
export function createStudioTheme(
  overrides: StudioTokenOverrides = {},
  base: ThemeName = 'light',
): StudioTheme {
  const style: Record<`--docstudio-${string}`, string> = {};
  flatten(overrides as Record<string, unknown>, [], style);
  return {
    base,
    className: themeClassNames[base],
    style,
    toCss(selector: string) {
      const body = Object.entries(style)
        .map(([name, value]) => `  ${name}: ${value};`)
        .join('\n');
      return `${selector} {\n${body}\n}\n`;
    },
  };
}

export type ThemeInput = ThemeName | StudioTheme;

/**
 * Resolves the `theme` prop to the class and inline style of a component root. No theme, no class:
 * the root then inherits the tokens (the defaults on `:root`, a provider's theme, a host override).
 */
export function resolveTheme(theme: ThemeInput | undefined): {
  className: string;
  style: Record<string, string>;
} {
  if (!theme) return { className: '', style: {} };
  if (typeof theme === 'string')
    return { className: themeClassNames[theme] ?? themeClassNames.light, style: {} };
  return { className: theme.className, style: theme.style };
}
