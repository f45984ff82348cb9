// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  // The site is reached through the edge proxy under many hosts; it reads X-Forwarded-Host itself
  // (src/lib/site/request.ts) and never builds absolute URLs from Astro.url.
  security: { checkOrigin: true },
  devToolbar: { enabled: false },
  vite: { plugins: [tailwindcss()] },
});
