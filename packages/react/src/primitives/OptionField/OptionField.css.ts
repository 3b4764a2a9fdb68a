import { layeredStyle, vars } from '../../theme';

export const field = layeredStyle({ display: 'grid', gap: vars.space.xs, minWidth: 0 });
export const labelRow = layeredStyle({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  justifyContent: 'space-between',
});
export const label = layeredStyle({
  fontWeight: vars.font.weightBold,
  fontSize: vars.font.sizeS,
  color: vars.color.text,
});
export const required = layeredStyle({ color: vars.color.danger, marginInlineStart: '2px' });

const control = {
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  padding: `${vars.space.s} ${vars.space.m}`,
  minWidth: 0,
  selectors: {
    '&:focus-visible': { outline: vars.focus.outline, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { opacity: 0.6 },
  },
} as const;

export const input = layeredStyle(control);
export const colorInput = layeredStyle({ ...control, padding: '2px', width: '3rem', height: '2.25rem' });
export const colorRow = layeredStyle({ display: 'flex', alignItems: 'center', gap: vars.space.s });
export const inlineRow = layeredStyle({ display: 'flex', alignItems: 'center', gap: vars.space.s });
export const checkbox = layeredStyle({
  width: '1.1rem',
  height: '1.1rem',
  accentColor: vars.color.primary,
  selectors: { '&:focus-visible': { outline: vars.focus.outline, outlineOffset: '2px' } },
});
export const slider = layeredStyle({ width: '100%', accentColor: vars.color.primary });
export const sliderValue = layeredStyle({
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.textMuted,
  fontSize: vars.font.sizeS,
});

export const switchTrack = layeredStyle({
  position: 'relative',
  width: '2.75rem',
  height: '1.5rem',
  flexShrink: 0,
  padding: 0,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  cursor: 'pointer',
  selectors: {
    '&[aria-checked="true"]': { background: vars.color.primary, borderColor: vars.color.primary },
    '&:focus-visible': { outline: vars.focus.outline, outlineOffset: '2px' },
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  },
});
export const switchThumb = layeredStyle({
  position: 'absolute',
  top: '2px',
  left: '2px',
  width: '1.15rem',
  height: '1.15rem',
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  transition: 'transform 120ms',
  selectors: { '[aria-checked="true"] > &': { transform: 'translateX(1.2rem)' } },
});

export const hint = layeredStyle({ margin: 0, fontSize: vars.font.sizeS, color: vars.color.textMuted });
export const error = layeredStyle({
  margin: 0,
  fontSize: vars.font.sizeS,
  color: vars.color.danger,
  fontWeight: vars.font.weightBold,
});
