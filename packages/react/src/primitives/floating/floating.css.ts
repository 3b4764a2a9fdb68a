import { layeredStyle, vars } from '../../theme';

export const floatingSurface = layeredStyle({
  zIndex: vars.z.popover,
  maxWidth: '280px',
  padding: `${vars.space.s} ${vars.space.m}`,
  borderRadius: vars.radius.m,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.m,
  fontFamily: vars.font.family,
  fontSize: vars.font.sizeS,
  lineHeight: vars.font.lineHeight,
});

export const tooltipSurface = layeredStyle({
  zIndex: vars.z.popover,
  maxWidth: '240px',
  padding: `${vars.space.xs} ${vars.space.s}`,
  borderRadius: vars.radius.s,
  background: vars.color.text,
  color: vars.color.surface,
  fontFamily: vars.font.family,
  fontSize: vars.font.sizeS,
  pointerEvents: 'none',
});

export const helpButton = layeredStyle({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '1.5rem',
  height: '1.5rem',
  padding: 0,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeS,
  fontWeight: vars.font.weightBold,
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: vars.focus.outline, outlineOffset: '2px' } },
});
