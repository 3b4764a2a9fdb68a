/**
 * The built stylesheet, inlined into the bundle by the `inline-element-css` plugin of the elements
 * build (vite.config.ts): the quoted placeholder below is replaced by the CSS text, so one script
 * tag is all a partner needs and every shadow root gets the styles before its first paint. Outside
 * the build (tests, dev) the placeholder stays and adoptStyles mirrors the document's styles instead.
 */
import { setElementStyles } from '../define';

const builtCss: string = '__DOCSTUDIO_ELEMENT_CSS__';

// A regular expression, not a string: the bundler folds string expressions into the very literal the
// plugin replaces (a joined-string guard became CSS !== CSS), and the plugin only rewrites quoted text.
const STILL_PLACEHOLDER = /^__DOCSTUDIO_ELEMENT_CSS__$/;

if (!STILL_PLACEHOLDER.test(builtCss)) setElementStyles(builtCss);
