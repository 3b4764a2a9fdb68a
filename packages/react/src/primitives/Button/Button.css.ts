import { layeredStyle, vars } from '../../theme';

const base = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  font: 'inherit',
  fontWeight: vars.font.weightBold,
  borderRadius: vars.radius.m,
  padding: `${vars.space.s} ${vars.space.l}`,
  cursor: 'pointer',
  border: `1px solid transparent`,
  lineHeight: vars.font.lineHeight,
  selectors: {
    '&:focus-visible': { outline: vars.focus.outline, outlineOffset: '2px' },
    '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
  },
} as const;

export const primaryButton = layeredStyle({
  ...base,
  background: vars.color.primary,
  color: vars.color.primaryText,
  selectors: { ...base.selectors, '&:hover:not(:disabled)': { background: vars.color.primaryHover } },
});

export const secondaryButton = layeredStyle({
  ...base,
  background: vars.color.surface,
  color: vars.color.text,
  borderColor: vars.color.border,
  selectors: {
    ...base.selectors,
    '&:hover:not(:disabled)': { background: vars.color.surfaceMuted },
    '&[aria-pressed="true"]': {
      background: vars.color.primary,
      color: vars.color.primaryText,
      borderColor: vars.color.primary,
    },
  },
});

export const dangerButton = layeredStyle({
  ...base,
  background: vars.color.danger,
  color: vars.color.surface,
});

export const smallButton = layeredStyle({
  padding: `${vars.space.xs} ${vars.space.s}`,
  fontSize: vars.font.sizeS,
});
