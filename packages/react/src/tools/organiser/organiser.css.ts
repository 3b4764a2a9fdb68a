import { layeredStyle, vars } from '../../theme';

export const panel = layeredStyle({ display: 'grid', gap: vars.space.s, minWidth: 0 });
export const toolbar = layeredStyle({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.s,
});
export const hint = layeredStyle({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeS });
export const status = layeredStyle({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeS });
export const cut = layeredStyle({
  display: 'grid',
  placeItems: 'center',
  width: '1.75rem',
  height: '1.75rem',
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceRaised,
  color: vars.color.textMuted,
  cursor: 'pointer',
  font: 'inherit',
  lineHeight: 1,
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.primaryText,
    },
    '&:focus-visible': { outline: vars.focus.outline, outlineOffset: '2px' },
    '&:disabled': { cursor: 'default' },
  },
});
