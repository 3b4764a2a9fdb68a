/**
 * The token tree of the docstudio theme, as plain data. The vanilla-extract contract is generated from
 * it at build time, and `createStudioTheme` reads it at run time (partners cannot run the compiler),
 * so both agree on the `--docstudio-*` names.
 */

export const lightTokens = {
  color: {
    primary: '#1d4ed8',
    primaryHover: '#1e40af',
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
    dropHighlight: '#eff6ff',
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
  focus: { ring: '0 0 0 3px rgba(29, 78, 216, 0.55)', outline: '2px solid #1d4ed8' },
  z: { popover: '1000', toast: '1100', dialog: '1200' },
};

export type StudioTokens = typeof lightTokens;

export const darkTokens: StudioTokens = {
  ...lightTokens,
  color: {
    primary: '#93c5fd',
    primaryHover: '#bfdbfe',
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
    dropHighlight: '#172554',
    overlay: 'rgba(0, 0, 0, 0.7)',
  },
  shadow: {
    s: '0 1px 2px rgba(0, 0, 0, 0.5)',
    m: '0 4px 12px rgba(0, 0, 0, 0.6)',
    l: '0 12px 32px rgba(0, 0, 0, 0.7)',
  },
  focus: { ring: '0 0 0 3px rgba(147, 197, 253, 0.7)', outline: '2px solid #93c5fd' },
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
