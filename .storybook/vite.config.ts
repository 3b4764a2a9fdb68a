/**
 * Storybook's own Vite config: React only. main.ts adds vanilla-extract and the `server.fs.allow` list
 * in viteFinal: Storybook's dev server replaces the `server` options of this file with its own.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// @docstudio/* resolve to their sources (tsconfig.base.json `paths`), not to their npm build.
export default defineConfig({ plugins: [react()], resolve: { tsconfigPaths: true } });
