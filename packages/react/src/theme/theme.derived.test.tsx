import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createFakeTransport } from '../fixtures';
import { primaryButton } from '../primitives';
import { colour, derivedAt, hostStyle, removeHostStyles, rgb } from '../testing/theme.probe';
import { PdfCompress } from '../tools/PdfCompress';
import { createStudioTheme } from './createStudioTheme';
import { darkTokens, lightTokens } from './theme.tokens';

// Hover, focus and drop highlight follow the primary wherever a partner sets it (real stylesheets in
// real Chromium, computed values read back where the components use them).

const partner = 'rgb(200, 0, 100)';
const transport = () => createFakeTransport().transport;
const convertButton = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('[data-scope="pdf-compress"] [data-part="convert"]')!;

/** What the light theme derives from a primary: a darker hover, the primary's outline and ring, a pale tint. */
function lightFrom(primary: string, surface = '#ffffff') {
  return {
    hover: colour(`color-mix(in srgb, ${primary} 82%, black)`),
    drop: colour(`color-mix(in srgb, ${primary} 6%, ${surface})`),
    outline: colour(primary),
    ring: `${colour(`color-mix(in srgb, ${primary} 55%, transparent)`)} 0px 0px 0px 3px`,
  };
}

/** sRGB channels 0-255 of a computed colour, `rgb(…)` or `color(srgb …)`. */
function channels(computed: string): number[] {
  const numbers = (computed.match(/[\d.]+/g) ?? []).map(Number).slice(0, 3);
  return computed.startsWith('color(') ? numbers.map((value) => value * 255) : numbers;
}

/** WCAG 2 contrast ratio of two computed colours. */
function contrast(a: string, b: string): number {
  const luminance = (computed: string) => {
    const [r, g, b] = channels(computed).map((value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

afterEach(removeHostStyles);

describe('tokens derived from the primary', () => {
  it('with only the primary on :root, hover, focus outline, focus ring and drop highlight follow it', async () => {
    hostStyle(`:root { --docstudio-color-primary: ${partner}; }`);
    const screen = await render(
      <>
        <PdfCompress transport={transport()} />
        <button type="button" className={primaryButton}>
          Go
        </button>
      </>,
    );
    expect(derivedAt(convertButton(screen.container))).toEqual(lightFrom(partner));
    // The real rule on a real hover.
    const button = screen.getByRole('button', { name: 'Go' });
    await userEvent.hover(button);
    expect(getComputedStyle(button.element()).backgroundColor).toBe(lightFrom(partner).hover);
  });

  it('with only the primary on a wrapper element, they follow it rather than the :root default', async () => {
    hostStyle(`.partner-frame { --docstudio-color-primary: ${partner}; }`);
    const screen = await render(
      <div className="partner-frame">
        <PdfCompress transport={transport()} theme="light" />
      </div>,
    );
    expect(derivedAt(convertButton(screen.container))).toEqual(lightFrom(partner));
  });

  it('an explicit hover on an ancestor or in createStudioTheme wins, the others still follow the primary', async () => {
    hostStyle(
      `.partner-frame { --docstudio-color-primary: ${partner}; --docstudio-color-primary-hover: rgb(9, 9, 9); }`,
    );
    const theme = createStudioTheme({ color: { primary: partner, primaryHover: 'rgb(8, 8, 8)' } });
    const screen = await render(
      <>
        <div className="partner-frame" data-testid="frame">
          <PdfCompress transport={transport()} />
        </div>
        <div data-testid="themed">
          <PdfCompress transport={transport()} theme={theme} />
        </div>
      </>,
    );
    const framed = derivedAt(convertButton(screen.getByTestId('frame').element() as HTMLElement));
    expect(framed).toEqual({ ...lightFrom(partner), hover: 'rgb(9, 9, 9)' });
    const themed = derivedAt(convertButton(screen.getByTestId('themed').element() as HTMLElement));
    expect(themed).toEqual({ ...lightFrom(partner), hover: 'rgb(8, 8, 8)' });
  });

  it('the dark theme derives a lighter hover, and a hover set on :root does not reach a dark tool', async () => {
    hostStyle(':root { --docstudio-color-primary-hover: rgb(9, 9, 9); }');
    const theme = createStudioTheme({ color: { primary: partner } }, 'dark');
    expect(theme.style).toEqual({ '--docstudio-color-primary': partner });
    const screen = await render(<PdfCompress transport={transport()} theme={theme} />);
    const derived = derivedAt(convertButton(screen.container));
    expect(derived.hover).toBe(colour(`color-mix(in srgb, ${partner} 60%, white)`));
    expect(derived.outline).toBe(colour(partner));
    expect(derived.drop).toBe(colour(`color-mix(in srgb, ${partner} 12%, ${darkTokens.color.surface})`));
  });

  it('the built-in blue derives about the former fixed colours, its hover readable at AA', async () => {
    const screen = await render(
      <>
        <PdfCompress transport={transport()} />
        <div data-testid="dark">
          <PdfCompress transport={transport()} theme="dark" />
        </div>
      </>,
    );
    const cases = [
      { tokens: lightTokens, at: convertButton(screen.container), hover: '#1e40af', drop: '#eff6ff' },
      {
        tokens: darkTokens,
        at: convertButton(screen.getByTestId('dark').element() as HTMLElement),
        hover: '#bfdbfe',
        drop: '#172554',
      },
    ];
    for (const { tokens, at, hover, drop } of cases) {
      const derived = derivedAt(at);
      const was = channels(rgb(hover));
      const drift = channels(derived.hover).map((value, index) => Math.abs(value - was[index]!));
      expect(Math.max(...drift)).toBeLessThanOrEqual(8);
      expect(contrast(derived.hover, rgb(tokens.color.primaryText))).toBeGreaterThanOrEqual(4.5);
      expect(derived.outline).toBe(rgb(tokens.color.primary));
      // The drop highlight stays a faint tint of the surface (the former colours were not mixes).
      expect(contrast(derived.drop, rgb(tokens.color.surface))).toBeLessThan(1.3);
      expect(contrast(derived.drop, rgb(drop))).toBeLessThan(1.3);
    }
  });
});
