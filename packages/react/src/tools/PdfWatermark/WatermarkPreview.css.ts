import { layeredStyle, vars } from '../../theme';

export const root = layeredStyle({ display: 'grid', gap: vars.space.xs, justifyItems: 'start' });
export const heading = layeredStyle({ margin: 0, fontSize: vars.font.sizeS, color: vars.color.textMuted });
