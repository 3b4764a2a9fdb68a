import { layeredStyle, vars } from '../../theme';

export const frame = layeredStyle({
  display: 'grid',
  placeItems: 'center',
  boxSizing: 'border-box',
  maxWidth: '100%',
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  overflow: 'hidden',
  selectors: {
    '&[data-state="ready"]': { background: '#fff' },
  },
});

export const canvas = layeredStyle({ display: 'block', width: '100%', height: 'auto' });

export const failed = layeredStyle({
  padding: vars.space.s,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeS,
  textAlign: 'center',
});

export const surface = layeredStyle({ width: '100%' });
