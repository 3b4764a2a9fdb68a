import { layeredStyle, vars } from '../../theme';

export const viewport = layeredStyle({
  position: 'relative',
  overflowY: 'auto',
  overflowX: 'hidden',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  background: vars.color.surfaceMuted,
  overscrollBehavior: 'contain',
});

export const list = layeredStyle({ position: 'relative', margin: 0, padding: 0, listStyle: 'none' });

export const cell = layeredStyle({
  position: 'absolute',
  top: 0,
  left: 0,
  display: 'grid',
  justifyItems: 'center',
});

export const page = layeredStyle({
  display: 'grid',
  justifyItems: 'center',
  alignContent: 'center',
  gap: vars.space.xs,
  width: '100%',
  padding: vars.space.xs,
  border: '2px solid transparent',
  borderRadius: vars.radius.s,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.primary, background: vars.color.dropHighlight },
    '&:focus-visible': { outline: vars.focus.outline, outlineOffset: '2px' },
    'button&': { cursor: 'pointer' },
    'button&:disabled': { cursor: 'default' },
  },
});

export const picture = layeredStyle({ display: 'grid', placeItems: 'center' });

export const label = layeredStyle({
  fontSize: vars.font.sizeS,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const after = layeredStyle({
  position: 'absolute',
  insetBlock: 0,
  insetInlineEnd: `calc(-1 * ${vars.space.m})`,
  width: vars.space.m,
  display: 'grid',
  placeItems: 'center',
  zIndex: 1,
});
