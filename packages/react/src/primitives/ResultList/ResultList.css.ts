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
/** The primary download (one file, or the ZIP of all): the action people came for, large. */
export const primaryAction = layeredStyle({
  justifySelf: 'start',
  padding: `${vars.space.m} ${vars.space.xl}`,
  fontSize: vars.font.sizeL,
  textDecoration: 'none',
});
export const continueRow = layeredStyle({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.s,
  paddingTop: vars.space.s,
  borderTop: `1px solid ${vars.color.border}`,
});
export const continueLabel = layeredStyle({ fontWeight: vars.font.weightBold });
export const continueSelect = layeredStyle({
  font: 'inherit',
  padding: vars.space.xs,
  borderRadius: vars.radius.s,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
});
