import { layeredStyle, vars } from '../../theme';

export const root = layeredStyle({ display: 'grid', gap: vars.space.s });
export const pages = layeredStyle({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s });
export const summary = layeredStyle({ margin: 0, fontSize: vars.font.sizeS });
export const error = layeredStyle({ margin: 0, fontSize: vars.font.sizeS, color: vars.color.danger });
export const figure = layeredStyle({ margin: 0, display: 'grid', gap: vars.space.xs });
export const caption = layeredStyle({ fontSize: vars.font.sizeS, color: vars.color.textMuted });
