/**
 * Storybook 10 (React + Vite). Stories live beside their components in packages/react/src. The root
 * vite.config.ts is the demo's (its root is demo/), so Storybook gets an empty one of its own and the
 * two plugins the components need are added here.
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
    return mergeConfig(viteConfig, { plugins: [vanillaExtractPlugin()] });
  },
};

export default config;
