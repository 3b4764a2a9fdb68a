import { layeredStyle, vars } from '../../theme';

export const overlay = layeredStyle({
  display: 'grid',
  placeItems: 'center',
  background: vars.color.overlay,
  zIndex: vars.z.dialog,
  padding: vars.space.l,
});

export const dialog = layeredStyle({
  width: 'min(440px, 100%)',
  display: 'grid',
  gap: vars.space.m,
  padding: vars.space.xl,
  borderRadius: vars.radius.l,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.l,
  fontFamily: vars.font.family,
  fontSize: vars.font.sizeM,
  lineHeight: vars.font.lineHeight,
});

export const title = layeredStyle({ margin: 0, fontSize: vars.font.sizeL });
export const description = layeredStyle({ margin: 0, color: vars.color.textMuted });
export const actions = layeredStyle({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.s });
