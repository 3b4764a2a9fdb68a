import { layeredStyle, vars } from '../../theme';

export const zone = layeredStyle({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xl} ${vars.space.l}`,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.l,
  background: vars.color.surface,
  color: vars.color.text,
  textAlign: 'center',
  cursor: 'pointer',
  transition: 'background-color 120ms, border-color 120ms',
  selectors: {
    '&:focus-visible': { outline: vars.focus.outline, outlineOffset: '2px' },
    '&:hover:not([data-disabled])': { borderColor: vars.color.primary },
    '&[data-dragging]': {
      borderColor: vars.color.primary,
      background: vars.color.dropHighlight,
      borderStyle: 'solid',
    },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const icon = layeredStyle({ fontSize: '2rem', lineHeight: 1, color: vars.color.primary });
export const primaryText = layeredStyle({
  margin: 0,
  fontWeight: vars.font.weightBold,
  fontSize: vars.font.sizeM,
});
export const secondaryText = layeredStyle({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeS,
});
