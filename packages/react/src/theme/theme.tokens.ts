/**
 * The token tree of the docstudio theme, as plain data. The vanilla-extract contract is generated from
 * it at build time, and `createStudioTheme` reads it at run time (partners cannot run the compiler),
 * so both agree on the `--docstudio-*` names.
 */

/**
 * The declared value of a token derived from the primary (hover, drop highlight, focus): none, the
 * guaranteed-invalid value. Components then use the fallback of `vars` (theme.css.ts), a mix of the
 * primary computed on the element that uses it, so a primary set on any ancestor is followed; a
 * `color-mix(var(--…-primary))` declared here would be resolved once on :root and inherited as a fixed
 * colour. Declaring "none" (rather than nothing) on every theme scope stops a partner's explicit value
 * from crossing into a scope that re-declares the primary, e.g. a :root hover into a dark tool.
 */
const derivedFromPrimary = 'initial';

export const lightTokens = {
  color: {
    primary: '#1d4ed8',
    primaryHover: derivedFromPrimary,
    primaryText: '#ffffff',
    surface: '#ffffff',
    surfaceMuted: '#f3f4f6',
    surfaceRaised: '#ffffff',
    text: '#111827',
    textMuted: '#4b5563',
    border: '#d1d5db',
    danger: '#b91c1c',
    dangerSurface: '#fef2f2',
    success: '#15803d',
    successSurface: '#f0fdf4',
    warning: '#92400e',
    warningSurface: '#fffbeb',
    warningBorder: '#f59e0b',
    dropHighlight: derivedFromPrimary,
    overlay: 'rgba(17, 24, 39, 0.55)',
  },
  font: {
    family: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    familyMono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    sizeS: '0.8125rem',
    sizeM: '0.9375rem',
    sizeL: '1.125rem',
    sizeXl: '1.5rem',
    weightRegular: '400',
    weightBold: '600',
    lineHeight: '1.5',
  },
  radius: { s: '4px', m: '8px', l: '12px', full: '9999px' },
  space: { xs: '4px', s: '8px', m: '12px', l: '16px', xl: '24px' },
  shadow: {
    s: '0 1px 2px rgba(0, 0, 0, 0.08)',
    m: '0 4px 12px rgba(0, 0, 0, 0.12)',
    l: '0 12px 32px rgba(0, 0, 0, 0.2)',
  },
  focus: { ring: derivedFromPrimary, outline: derivedFromPrimary },
  z: { popover: '1000', toast: '1100', dialog: '1200' },
  /**
   * Private: how the derived tokens mix the primary in this theme (see `vars`). Light darkens the
   * hover and dark lightens it; ring and drop are the primary's share (over transparent, over the
   * surface). Chosen so the built-in blue gives about the former fixed values (#1e40af,
   * rgba(29, 78, 216, 0.55), #eff6ff).
   */
  derive: { hover: 'black 18%', ring: '55%', drop: '6%' },
};

/** What a theme declares: the public tokens plus the private `derive` settings. */
export type ThemeTokens = typeof lightTokens;
/** The public tokens, the ones a partner overrides. */
export type StudioTokens = Omit<ThemeTokens, 'derive'>;

export const darkTokens: ThemeTokens = {
  ...lightTokens,
  color: {
    primary: '#93c5fd',
    primaryHover: derivedFromPrimary,
    primaryText: '#0f172a',
    surface: '#0f172a',
    surfaceMuted: '#1e293b',
    surfaceRaised: '#1e293b',
    text: '#f1f5f9',
    textMuted: '#cbd5e1',
    border: '#475569',
    danger: '#fca5a5',
    dangerSurface: '#450a0a',
    success: '#86efac',
    successSurface: '#052e16',
    warning: '#fcd34d',
    warningSurface: '#422006',
    warningBorder: '#f59e0b',
    dropHighlight: derivedFromPrimary,
    overlay: 'rgba(0, 0, 0, 0.7)',
  },
  shadow: {
    s: '0 1px 2px rgba(0, 0, 0, 0.5)',
    m: '0 4px 12px rgba(0, 0, 0, 0.6)',
    l: '0 12px 32px rgba(0, 0, 0, 0.7)',
  },
  // About #bfdbfe, rgba(147, 197, 253, 0.7) and #172554 for the built-in blue.
  derive: { hover: 'white 40%', ring: '70%', drop: '12%' },
};

function kebab(segment: string): string {
  return segment.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** `['color', 'textMuted']` -> `docstudio-color-text-muted` (without the leading dashes, as vanilla-extract wants). */
export function tokenVariableName(path: readonly string[]): string {
  return `docstudio-${path.map(kebab).join('-')}`;
}

/** Fixed class names, so partners and custom elements can apply a theme without the compiler. */
export const themeClassNames = { light: 'docstudio-theme-light', dark: 'docstudio-theme-dark' } as const;
export type ThemeName = keyof typeof themeClassNames;

/** The CSS layer every docstudio rule lives in: any unlayered host rule wins over it. */
export const cssLayerName = 'docstudio';
