import { layeredStyle, vars } from '../../theme';

export const track = layeredStyle({
  width: '100%',
  height: '10px',
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  overflow: 'hidden',
});

export const fill = layeredStyle({
  height: '100%',
  background: vars.color.primary,
  transition: 'width 150ms linear',
});

export const row = layeredStyle({ display: 'grid', gap: vars.space.xs, fontSize: vars.font.sizeS });
export const label = layeredStyle({
  display: 'flex',
  justifyContent: 'space-between',
  color: vars.color.textMuted,
});
