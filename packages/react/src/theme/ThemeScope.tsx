import { createContext, useContext } from 'react';

export interface ThemeScopeValue {
  className: string;
  style: Record<string, string>;
}

/**
 * The theme class and overrides of the nearest docstudio root. Floating parts (tooltips, popovers,
 * dialogs) are portalled out of that root, so they re-apply it to keep the same tokens. Empty when no
 * theme was asked for: the portalled part then inherits the defaults (and host overrides on :root).
 */
export const ThemeScopeContext = createContext<ThemeScopeValue>({ className: '', style: {} });

export function useThemeScope(): ThemeScopeValue {
  return useContext(ThemeScopeContext);
}
