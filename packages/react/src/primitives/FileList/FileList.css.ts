import { layeredStyle, vars } from '../../theme';

export const section = layeredStyle({ display: 'grid', gap: vars.space.s });
export const heading = layeredStyle({
  fontSize: vars.font.sizeM,
  fontWeight: vars.font.weightBold,
  margin: 0,
});
export const list = layeredStyle({
  display: 'grid',
  gap: vars.space.s,
  margin: 0,
  padding: 0,
  maxHeight: '320px',
  overflowY: 'auto',
});
export const hint = layeredStyle({ margin: 0, fontSize: vars.font.sizeS, color: vars.color.textMuted });
