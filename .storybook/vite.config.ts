/** Storybook's own Vite config: React only; main.ts adds vanilla-extract in viteFinal. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [react()] });
