// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import process from 'node:process';
import { URL } from 'node:url';

// Images come from this origin or from the media host the platform hands out URLs for
// (WARRAQ_MEDIA_BASE_URL, read when the site is built); never from a third party (docs/media-storage.md).
const mediaOrigin = process.env.WARRAQ_MEDIA_BASE_URL
  ? new URL(process.env.WARRAQ_MEDIA_BASE_URL).origin
  : '';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  // The site is reached through the edge proxy under many hosts; it reads X-Forwarded-Host itself
  // (src/lib/site/request.ts) and never builds absolute URLs from Astro.url.
  security: {
    checkOrigin: true,
    // A Content-Security-Policy header on every page: scripts only from this origin or with the hashes
    // Astro computes for its own inline scripts (no 'unsafe-inline' scripts), and no framing. Inline
    // styles stay allowed (daisyUI/React style attributes); images only from here and the media host.
    csp: {
      directives: [
        "default-src 'self'",
        `img-src 'self' data: blob:${mediaOrigin ? ` ${mediaOrigin}` : ''}`,
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
      ],
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  devToolbar: { enabled: false },
  vite: { plugins: [tailwindcss()] },
});
