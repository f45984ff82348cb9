// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import process from 'node:process';
import { URL } from 'node:url';
import { catalogueSections } from './catalogue-sections.mjs';

// Images come from this origin or from the media host the platform hands out URLs for
// (WARRAQ_MEDIA_BASE_URL, read when the site is built); never from a third party (docs/media-storage.md).
const mediaOrigin = process.env.WARRAQ_MEDIA_BASE_URL
  ? new URL(process.env.WARRAQ_MEDIA_BASE_URL).origin
  : '';

/**
 * `contracts-<folder>-<file>` for a module of the contracts' build.
 * @param {string} id
 */
function contractsChunk(id) {
  const path = /[\\/]contracts[\\/]dist[\\/](.+)\.js$/.exec(id)?.[1] ?? 'index';
  return `contracts-${path.replaceAll(/[\\/]/g, '-')}`;
}

/** `client:reader`: islands only a signed-in reader uses, never loaded for a guest; and `client:painted`. */
const readerDirective = {
  name: 'warraq-reader-directive',
  hooks: {
    /** @param {{ addClientDirective: (directive: { name: string; entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'reader', entrypoint: './src/lib/astro/reader-directive.ts' });
      // `client:painted`: islands of the reading pages, hydrated once their largest paint is shown.
      addClientDirective({ name: 'painted', entrypoint: './src/lib/astro/painted-directive.ts' });
    },
  },
};

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), readerDirective],
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
  vite: {
    plugins: [tailwindcss(), catalogueSections()],
    build: {
      rollupOptions: {
        output: {
          // The contracts are one barrel that every island imports: chunked as one, a page that needs
          // a constant would download every schema and zod with it. Here zod, the plain constants and
          // each contracts module are chunks of their own, so a page loads only what it uses (a
          // guest's chapter page: no zod, no schemas).
          codeSplitting: {
            groups: [
              { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 30 },
              // Modules free of zod (constants, limits, the site and path rules) come first: a group takes
              // in what its modules import, so one left to a schemas group would ride along with zod.
              {
                name: contractsChunk,
                test: /[\\/]contracts[\\/]dist[\\/](?:.+\.constants|common[\\/](?:limits|arabic-number)|site[\\/][^\\/]+)\.js$/,
                priority: 20,
              },
              // Not the barrels (dist/index.js, dist/novel/index.js): a group takes in its modules' dependencies, so a
              // group holding the barrel swallowed every module it re-exports (the series paths the
              // reader builds its links with came with every schema and zod).
              {
                name: contractsChunk,
                test: /[\\/]contracts[\\/]dist[\\/](?!(?:.+[\\/])?index\.js$)/,
                priority: 10,
              },
            ],
          },
        },
      },
    },
  },
});
