import { layeredStyle, vars } from '../../theme';

export const example = layeredStyle({ display: 'grid', gap: vars.space.s, justifyItems: 'start' });
export const code = layeredStyle({
  margin: 0,
  padding: vars.space.m,
  maxWidth: '100%',
  overflowX: 'auto',
  borderRadius: vars.radius.s,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontFamily: vars.font.familyMono,
  fontSize: vars.font.sizeS,
  selectors: { '&:focus-visible': { outline: vars.focus.outline } },
});
