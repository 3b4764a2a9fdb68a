/**
 * How every test launches Debian's Chromium (no browser is ever downloaded): the server's own
 * launch flags, so tests and the product run the browser the same way.
 */
import { CHROMIUM_BASE_ARGS, CHROMIUM_PATH } from '../packages/server/src/engines/chromium/launch-flags.ts';

export const chromiumPath = CHROMIUM_PATH;
export const chromiumArgs: string[] = [...CHROMIUM_BASE_ARGS];
