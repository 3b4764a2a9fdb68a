/**
 * Storybook 10 (React + Vite). Stories live beside their components in packages/react/src. The root
 * vite.config.ts is the demo's (its root is demo/), so Storybook gets an empty one of its own and the
 * two plugins the components need are added here, with the root config's file-serving allow list.
 */
import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const config: StorybookConfig = {
  stories: ['../packages/react/src/**/*.stories.@(ts|tsx)'],
  framework: {
    name: '@storybook/react-vite',
    options: { builder: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    // The stories' fixtures import the shared test corpus (../shared/corpus, beside the checkout) with
    // `?url`: the dev server may serve what the root config allows, read from there so the list lives
    // in one place. Set here, not in vite.config.ts, whose `server` options Storybook's dev server drops.
    const { default: rootConfig } = await import('../vite.config.ts');
    return mergeConfig(viteConfig, {
      plugins: [vanillaExtractPlugin()],
      server: { fs: { allow: rootConfig.server?.fs?.allow ?? [] } },
    });
  },
};

export default config;
