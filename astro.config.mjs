// Astro static build of the public site, member area and admin shells.
// The server serves `<path>.html` for `<path>`, hence `format: 'file'` and no trailing slashes.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

const site = process.env.WENKU_SITE_URL || undefined;

export default defineConfig({
  ...(site ? { site } : {}),
  output: 'static',
  outDir: process.env.WENKU_OUT_DIR || './dist',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [react()],
  vite: { plugins: [tailwindcss()] },
});
