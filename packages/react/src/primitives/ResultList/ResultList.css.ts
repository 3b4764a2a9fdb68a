import { layeredStyle, vars } from '../../theme';

export const section = layeredStyle({
  display: 'grid',
  gap: vars.space.m,
  padding: vars.space.l,
  borderRadius: vars.radius.m,
  border: `1px solid ${vars.color.success}`,
  background: vars.color.successSurface,
});
export const header = layeredStyle({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.s,
});
export const heading = layeredStyle({ margin: 0, fontSize: vars.font.sizeL, color: vars.color.text });
export const list = layeredStyle({
  display: 'grid',
  gap: vars.space.s,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const row = layeredStyle({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.m,
  padding: vars.space.s,
  borderRadius: vars.radius.s,
  background: vars.color.surface,
});
export const name = layeredStyle({
  flex: '1 1 auto',
  minWidth: 0,
  overflowWrap: 'anywhere',
  fontWeight: vars.font.weightBold,
});
export const size = layeredStyle({
  color: vars.color.textMuted,
  fontSize: vars.font.sizeS,
  whiteSpace: 'nowrap',
});
