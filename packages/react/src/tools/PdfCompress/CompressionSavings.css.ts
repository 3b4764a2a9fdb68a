import { layeredStyle, vars } from '../../theme';

export const savings = layeredStyle({
  margin: 0,
  padding: vars.space.s,
  borderRadius: vars.radius.s,
  background: vars.color.surfaceMuted,
  fontSize: vars.font.sizeM,
  fontWeight: 600,
});
