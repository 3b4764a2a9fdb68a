/**
 * How every test launches Debian's Chromium: no browser is ever downloaded. The flags keep
 * Chromium from reaching for Google's hosts on a machine with no network but the registries.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
