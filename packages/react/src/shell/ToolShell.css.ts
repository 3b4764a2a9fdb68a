import { layeredStyle, vars } from '../theme';

export const root = layeredStyle({
  display: 'grid',
  gap: vars.space.l,
  fontFamily: vars.font.family,
  fontSize: vars.font.sizeM,
  lineHeight: vars.font.lineHeight,
  color: vars.color.text,
  background: vars.color.surface,
  padding: vars.space.l,
  borderRadius: vars.radius.l,
  boxSizing: 'border-box',
});

export const header = layeredStyle({ display: 'grid', gap: vars.space.xs });
export const heading = layeredStyle({ margin: 0, fontSize: vars.font.sizeXl, lineHeight: 1.2 });
export const description = layeredStyle({ margin: 0, color: vars.color.textMuted });

export const layout = layeredStyle({
  display: 'grid',
  gap: vars.space.l,
  gridTemplateColumns: 'minmax(0, 1fr)',
});
/** Two columns on wide screens, only when the side column has cards (never an empty column). */
export const layoutWithSide = layeredStyle({
  '@media': { '(min-width: 880px)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' } },
});

export const card = layeredStyle({
  display: 'grid',
  gap: vars.space.l,
  alignContent: 'start',
  padding: vars.space.l,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.l,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.s,
  minWidth: 0,
});

export const cardHeading = layeredStyle({ margin: 0, fontSize: vars.font.sizeL });
export const fields = layeredStyle({ display: 'grid', gap: vars.space.m });
export const actions = layeredStyle({ display: 'flex', gap: vars.space.s, flexWrap: 'wrap' });
export const note = layeredStyle({ margin: 0, fontSize: vars.font.sizeS, color: vars.color.textMuted });

export const notice = layeredStyle({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.m,
  borderRadius: vars.radius.m,
  border: `1px solid ${vars.color.warningBorder}`,
  background: vars.color.warningSurface,
  color: vars.color.warning,
  fontSize: vars.font.sizeS,
});
export const noticeTitle = layeredStyle({
  margin: 0,
  fontWeight: vars.font.weightBold,
  fontSize: vars.font.sizeM,
});
export const noticeText = layeredStyle({ margin: 0 });

export const featureList = layeredStyle({
  margin: 0,
  paddingInlineStart: vars.space.l,
  display: 'grid',
  gap: vars.space.xs,
});
export const visuallyHidden = layeredStyle({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const presets = layeredStyle({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});
export const presetsLegend = layeredStyle({
  fontSize: vars.font.sizeS,
  color: vars.color.textMuted,
  marginBottom: vars.space.xs,
  padding: 0,
});
/** A failed conversion, kept on the page until the next action. */
export const failure = layeredStyle({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.m,
  borderRadius: vars.radius.m,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSurface,
  color: vars.color.text,
  fontSize: vars.font.sizeS,
});
