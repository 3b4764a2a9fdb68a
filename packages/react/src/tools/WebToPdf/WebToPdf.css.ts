import { layeredStyle, vars } from '../../theme';

export const steps = layeredStyle({
  margin: 0,
  paddingInlineStart: vars.space.l,
  display: 'grid',
  gap: vars.space.s,
});
export const step = layeredStyle({ display: 'grid', gap: '2px', color: vars.color.text });
