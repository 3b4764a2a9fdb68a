/**
 * The engines' settings from the environment: where Chromium is and how LibreOffice's pool runs.
 * Read leniently, as the engines always did: a value that is not a positive number keeps its default.
 */
import type { ServerConfig } from './config';

type EngineSettings = Pick<ServerConfig, 'chromiumPath' | 'libreOffice'>;

const positiveOr = (value: string | undefined, fallback: number): number =>
  Math.max(1, Number(value ?? fallback) || fallback);

export function engineSettingsFromEnv(env: NodeJS.ProcessEnv, base: EngineSettings): EngineSettings {
  const isolation = env.LIBREOFFICE_ISOLATE_NETWORK ?? 'auto';
  return {
    chromiumPath: env.CHROMIUM_PATH ?? base.chromiumPath,
    libreOffice: {
      // A positive count, else the default ('auto': sized from the machine, engines/libreoffice/pool-size.ts).
      poolSize: /^[1-9]\d*$/.test(env.LIBREOFFICE_POOL_SIZE ?? '')
        ? Number(env.LIBREOFFICE_POOL_SIZE)
        : base.libreOffice.poolSize,
      maxConversions: positiveOr(env.LIBREOFFICE_MAX_CONVERSIONS, base.libreOffice.maxConversions),
      isolateNetwork: isolation === 'auto' ? 'auto' : /^(1|true|yes)$/i.test(isolation),
      python: env.LIBREOFFICE_PYTHON ?? base.libreOffice.python,
    },
  };
}
