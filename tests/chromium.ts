/**
 * How every test launches Debian's Chromium (no browser is ever downloaded): the server's own
 * launch flags, so tests and the product run the browser the same way.
 */
import { defaultConfig } from '../packages/server/src/config/config.ts';
import { CHROMIUM_BASE_ARGS } from '../packages/server/src/engines/chromium/launch-flags.ts';

/** CHROMIUM_PATH, as the server reads it (config/engines-from-env.ts). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? defaultConfig().chromiumPath;
export const chromiumArgs: string[] = [...CHROMIUM_BASE_ARGS];
