/**
 * The built stylesheet, inlined into the bundle by the `inline-element-css` plugin of the elements
 * build (vite.config.ts): the placeholder string below is replaced by the CSS text, so one script
 * tag is all a partner needs and every shadow root gets the styles before its first paint. Outside
 * the build (tests, dev) the placeholder stays and adoptStyles mirrors the document's styles instead.
 */
import { setElementStyles } from '../define';

const builtCss: string = '__DOCSTUDIO_ELEMENT_CSS__';

// Compared with a string built at run time so that the build's replacement cannot touch both sides.
if (builtCss !== ['__DOCSTUDIO', 'ELEMENT', 'CSS__'].join('_')) setElementStyles(builtCss);
