/**
 * How docstudio launches Debian's Chromium, shared by the server's warm browser and every test and
 * Storybook run (tests/chromium.ts). No imports, so a test config can read it without loading the
 * server. The flags keep Chromium from reaching for Google's hosts on a closed network.
 */
export const CHROMIUM_BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;
