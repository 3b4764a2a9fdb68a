import { layeredStyle, vars } from '../../theme';

export const panel = layeredStyle({ display: 'grid', gap: vars.space.m });
export const modes = layeredStyle({
  display: 'grid',
  gap: vars.space.s,
  margin: 0,
  padding: 0,
  border: 'none',
});
export const legend = layeredStyle({
  fontWeight: vars.font.weightBold,
  marginBottom: vars.space.s,
  padding: 0,
});
export const mode = layeredStyle({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  cursor: 'pointer',
});
export const radio = layeredStyle({
  accentColor: vars.color.primary,
  selectors: { '&:focus-visible': { outline: vars.focus.outline, outlineOffset: '2px' } },
});
