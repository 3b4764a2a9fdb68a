import { layeredStyle, vars } from '../../theme';

export const section = layeredStyle({ display: 'grid', gap: vars.space.s, minWidth: 0 });
export const heading = layeredStyle({
  fontSize: vars.font.sizeM,
  fontWeight: vars.font.weightBold,
  margin: 0,
});
export const hint = layeredStyle({ margin: 0, fontSize: vars.font.sizeS, color: vars.color.textMuted });
export const list = layeredStyle({
  display: 'grid',
  gap: vars.space.s,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const item = layeredStyle({
  display: 'grid',
  gap: vars.space.s,
  listStyle: 'none',
  selectors: { '&[data-dragging="true"]': { position: 'relative', zIndex: 1, opacity: 0.85 } },
});
export const leading = layeredStyle({ display: 'flex', alignItems: 'center', gap: vars.space.xs });
export const handle = layeredStyle({
  display: 'grid',
  placeItems: 'center',
  width: '1.75rem',
  height: '2rem',
  padding: 0,
  border: `1px solid transparent`,
  borderRadius: vars.radius.s,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'grab',
  touchAction: 'none',
  font: 'inherit',
  selectors: {
    '&:hover': { borderColor: vars.color.border },
    '&:focus-visible': { outline: vars.focus.outline, outlineOffset: '2px' },
    '&:disabled': { cursor: 'default' },
  },
});
export const position = layeredStyle({
  minWidth: '1.75em',
  textAlign: 'center',
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});
export const instructions = layeredStyle({ display: 'none' });
