import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { createStudioTheme } from './createStudioTheme';
import './theme.css';
import { lightTokens, themeClassNames } from './theme.tokens';

describe('theme', () => {
  it('names every token --docstudio-* and the light theme defines them', async () => {
    const screen = await render(<div className={themeClassNames.light} data-testid="themed" />);
    const style = getComputedStyle(screen.getByTestId('themed').element());
    expect(style.getPropertyValue('--docstudio-color-primary').trim()).toBe(lightTokens.color.primary);
    expect(style.getPropertyValue('--docstudio-color-text-muted').trim()).toBe(lightTokens.color.textMuted);
    expect(style.getPropertyValue('--docstudio-space-m').trim()).toBe(lightTokens.space.m);
    expect(style.getPropertyValue('--docstudio-radius-m').trim()).toBe(lightTokens.radius.m);
    expect(style.getPropertyValue('--docstudio-z-popover').trim()).toBe('1000');
    // Derived from the primary where used (theme.derived.test.tsx): the theme declares no value.
    expect(style.getPropertyValue('--docstudio-focus-ring').trim()).toBe('');
  });

  it('dark theme switches colours', async () => {
    const screen = await render(<div className={themeClassNames.dark} data-testid="themed" />);
    const style = getComputedStyle(screen.getByTestId('themed').element());
    expect(style.getPropertyValue('--docstudio-color-surface').trim()).toBe('#0f172a');
  });

  it('a host page overrides a token with plain unlayered CSS, even on the themed element', async () => {
    const host = document.createElement('style');
    host.textContent = '.partner { --docstudio-color-primary: #ff0066; }';
    document.head.appendChild(host);
    const screen = await render(<div className={`${themeClassNames.light} partner`} data-testid="themed" />);
    const style = getComputedStyle(screen.getByTestId('themed').element());
    expect(style.getPropertyValue('--docstudio-color-primary').trim()).toBe('#ff0066');
    host.remove();
  });

  it('createStudioTheme gives style variables and CSS text without the compiler', () => {
    const theme = createStudioTheme(
      { color: { primary: '#7c3aed', textMuted: '#555' }, radius: { m: '2px' } },
      'dark',
    );
    expect(theme.className).toBe('docstudio-theme-dark');
    expect(theme.style).toEqual({
      '--docstudio-color-primary': '#7c3aed',
      '--docstudio-color-text-muted': '#555',
      '--docstudio-radius-m': '2px',
    });
    expect(theme.toCss('docstudio-pdf-merge')).toBe(
      'docstudio-pdf-merge {\n  --docstudio-color-primary: #7c3aed;\n  --docstudio-color-text-muted: #555;\n  --docstudio-radius-m: 2px;\n}\n',
    );
  });
});
