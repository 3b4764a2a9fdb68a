import { layeredStyle, vars } from '../../theme';

export const region = layeredStyle({
  position: 'fixed',
  insetBlockEnd: vars.space.l,
  insetInlineEnd: vars.space.l,
  zIndex: vars.z.toast,
  display: 'grid',
  gap: vars.space.s,
  width: 'min(360px, calc(100vw - 32px))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const toast = layeredStyle({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: vars.space.xs,
  padding: vars.space.m,
  borderRadius: vars.radius.m,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.m,
  fontFamily: vars.font.family,
  fontSize: vars.font.sizeS,
  selectors: {
    '&[data-variant="success"]': { borderColor: vars.color.success, background: vars.color.successSurface },
    '&[data-variant="failure"]': {
      borderColor: vars.color.warningBorder,
      background: vars.color.warningSurface,
    },
    '&[data-variant="destructive"]': { borderColor: vars.color.danger, background: vars.color.dangerSurface },
  },
});

export const title = layeredStyle({ fontWeight: vars.font.weightBold, margin: 0 });
export const message = layeredStyle({ margin: 0, gridColumn: '1 / 2' });
export const close = layeredStyle({
  gridColumn: '2',
  gridRow: '1',
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  fontSize: vars.font.sizeM,
  lineHeight: 1,
  padding: vars.space.xs,
  borderRadius: vars.radius.s,
  selectors: { '&:focus-visible': { outline: vars.focus.outline } },
});
