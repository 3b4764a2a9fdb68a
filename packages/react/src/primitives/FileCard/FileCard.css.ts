import { layeredStyle, vars } from '../../theme';

export const card = layeredStyle({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.m,
  padding: vars.space.m,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  background: vars.color.surfaceRaised,
  listStyle: 'none',
});

export const details = layeredStyle({ display: 'grid', flex: '1 1 auto', minWidth: 0 });

export const name = layeredStyle({
  fontWeight: vars.font.weightBold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const size = layeredStyle({ color: vars.color.textMuted, fontSize: vars.font.sizeS });
export const actions = layeredStyle({ display: 'flex', gap: vars.space.xs, flexShrink: 0 });
export const position = layeredStyle({
  minWidth: '1.75em',
  textAlign: 'center',
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});
