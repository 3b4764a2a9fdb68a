/** Styles the workflow screens add to the tool shell's (root, cards, headings): tables, steps, badges. */
import { layeredStyle, vars } from '../../theme';

export const headerRow = layeredStyle({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.m,
});

export const tableWrap = layeredStyle({ overflowX: 'auto' });

export const table = layeredStyle({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.font.sizeM,
});

const cellRule = {
  textAlign: 'start',
  padding: `${vars.space.s} ${vars.space.m}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
} as const;

export const cell = layeredStyle(cellRule);
export const headCell = layeredStyle({
  ...cellRule,
  color: vars.color.textMuted,
  fontWeight: vars.font.weightBold,
  fontSize: vars.font.sizeS,
});

export const chain = layeredStyle({ color: vars.color.textMuted });

export const rowActions = layeredStyle({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' });

export const footer = layeredStyle({ margin: 0, fontSize: vars.font.sizeS, color: vars.color.textMuted });

export const centered = layeredStyle({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.m,
  padding: vars.space.xl,
  textAlign: 'center',
});

/** The visitor's sample: visible through the blur, out of reach (inert) and hidden from assistive tech. */
export const visitorFrame = layeredStyle({ position: 'relative', minHeight: '16rem' });
export const blurred = layeredStyle({
  filter: 'blur(4px)',
  opacity: 0.6,
  pointerEvents: 'none',
  userSelect: 'none',
});
export const overlay = layeredStyle({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
});
export const overlayCard = layeredStyle({
  display: 'grid',
  gap: vars.space.m,
  justifyItems: 'center',
  textAlign: 'center',
  maxWidth: '28rem',
  padding: vars.space.xl,
  borderRadius: vars.radius.l,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.m,
});

export const stepList = layeredStyle({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.s,
});

export const stepItem = layeredStyle({
  display: 'flex',
  gap: vars.space.m,
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  padding: vars.space.m,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  background: vars.color.surface,
});

export const stepText = layeredStyle({ display: 'grid', gap: vars.space.xs, minWidth: 0 });
export const stepOrder = layeredStyle({ fontSize: vars.font.sizeS, color: vars.color.textMuted });
export const stepName = layeredStyle({ fontWeight: vars.font.weightBold });
export const parameterList = layeredStyle({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space.s,
  fontSize: vars.font.sizeS,
  color: vars.color.textMuted,
});
export const parameterValue = layeredStyle({ margin: 0, overflowWrap: 'anywhere' });

export const json = layeredStyle({
  margin: 0,
  padding: vars.space.m,
  overflow: 'auto',
  borderRadius: vars.radius.m,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontFamily: vars.font.familyMono,
  fontSize: vars.font.sizeS,
  whiteSpace: 'pre',
  width: '100%',
  boxSizing: 'border-box',
  resize: 'vertical',
  border: `1px solid ${vars.color.border}`,
});

export const errorList = layeredStyle({
  margin: 0,
  paddingInlineStart: vars.space.l,
  color: vars.color.danger,
  display: 'grid',
  gap: vars.space.xs,
});

export const formActions = layeredStyle({ marginTop: vars.space.l });

export const hint = layeredStyle({ margin: 0, fontSize: vars.font.sizeS, color: vars.color.textMuted });

const badgeBase = {
  display: 'inline-block',
  padding: `2px ${vars.space.s}`,
  borderRadius: vars.radius.full,
  fontSize: vars.font.sizeS,
  fontWeight: vars.font.weightBold,
  border: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
} as const;

/** Per-step status badges; the colours are the theme's text-on-surface pairs (contrast checked by axe). */
export const badge = {
  pending: layeredStyle({ ...badgeBase, color: vars.color.textMuted, background: vars.color.surfaceMuted }),
  running: layeredStyle({ ...badgeBase, color: vars.color.primary, background: vars.color.surface }),
  completed: layeredStyle({ ...badgeBase, color: vars.color.success, background: vars.color.successSurface }),
  error: layeredStyle({ ...badgeBase, color: vars.color.danger, background: vars.color.dangerSurface }),
};
