/**
 * `@docstudio/react/vanilla-extract`: for a host's own vanilla-extract `.css.ts` files, the helper
 * that puts a rule in the docstudio layer and the theme's variables. Apart from the main entry, since
 * it imports vanilla-extract's runtime, which a page that only renders components does not need.
 */
export { layeredStyle } from './theme/layeredStyle';
export { docstudioLayer, vars } from './theme/theme.css';
