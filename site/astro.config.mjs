// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { minify } from 'vite';
import fs from 'node:fs/promises';
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

/**
 * `client:reader`: islands only a signed-in reader uses, never loaded for a guest; `client:toast`: the
 * toast region, loaded with the page's first toast; `client:painted`: islands of the reading pages,
 * hydrated once their largest paint is shown.
 */
const readerDirective = {
  name: 'warraq-reader-directive',
  hooks: {
    /** @param {{ addClientDirective: (directive: { name: string; entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'reader', entrypoint: './src/lib/astro/reader-directive.ts' });
      addClientDirective({ name: 'painted', entrypoint: './src/lib/astro/painted-directive.ts' });
      addClientDirective({ name: 'toast', entrypoint: './src/lib/astro/toast-directive.ts' });
    },
  },
};

/**
 * The script the layout loads by URL before first paint (src/boot/theme-boot.js, imported `?url`, so
 * it gets a hashed name under /_astro/ and is kept a year) goes out minified: Vite copies such a file
 * as it is, comments and all, and every page loads it (issue 15). Its name keeps the hash of its
 * source. The source stays readable.
 */
const minifyBootScripts = {
  name: 'warraq-minify-boot-scripts',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done': async ({ dir }) => {
      const assets = new URL('_astro/', dir);
      const names = await fs.readdir(assets);
      for (const boot of ['theme-boot']) {
        const found = names.filter((name) => new RegExp(`^${boot}\\.[\\w-]+\\.js$`).test(name));
        const [name] = found;
        if (found.length !== 1 || !name) throw new Error(`${boot}: ${found.length} built copies in _astro/`);
        const file = new URL(name, assets);
        const result = await minify(name, await fs.readFile(file, 'utf8'), { compress: true, mangle: true });
        if (result.errors.length > 0) throw new Error(`${name}: ${result.errors[0]?.message}`);
        await fs.writeFile(file, result.code);
      }
    },
  },
};

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), readerDirective, minifyBootScripts],
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
    plugins: [
      tailwindcss(),
      catalogueSections(),
      {
        // No preload map: Vite would list, in every chunk with a lazy import(), the files that import
        // pulls in, and ship a helper to preload them. Our lazy imports run on a reader's action (the API
        // client, moderation), where one more round trip is fine; the map and helper were ~1 KB gzipped
        // on every guest page (issue 15). Astro sets the client's modulePreload itself, so per environment.
        name: 'warraq-no-module-preload',
        configEnvironment: (name) => (name === 'client' ? { build: { modulePreload: false } } : undefined),
      },
    ],
    build: {
      // No script inline in a page, however small: the pages' policy allows scripts from this origin
      // only (lib/site/document-policy.ts). Other assets keep Vite's default limit.
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
      rollupOptions: {
        output: {
          // The contracts are one barrel that every island imports: chunked as one, a page that needs
          // a constant would download every schema and zod with it. Here zod, the plain constants and
          // each contracts module are chunks of their own, so a page loads only what it uses (a
          // guest's chapter page: no zod, no schemas).
          codeSplitting: {
            groups: [
              // React and what only islands use with it (the page-state wrapper): every page with an island
              // loads React DOM anyway, so one file instead of six (each costs its ~400 bytes of headers).
              {
                name: 'react',
                test: /[\\/](?:node_modules[\\/](?:react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]|site[\\/]src[\\/]ui[\\/](?:page-state|use-hydrated)\.)/,
                priority: 40,
              },
              // The stores and formatting the layout's own scripts share with the islands, free of React, zod and
              // the catalogue (a page without islands loads them too), with the zod-free contracts they use.
              {
                name: 'core',
                test: /^\0vite[\\/]preload-helper|[\\/](?:node_modules[\\/]nanostores[\\/]|site[\\/]src[\\/](?:stores[\\/](?:page-state|numerals|toasts|theme)|lib[\\/]format[\\/]format|lib[\\/]site[\\/]href|lib[\\/](?:astro[\\/]largest-paint|content[\\/]cover-fallback))\.|contracts[\\/]dist[\\/](?:(?:users[\\/]user|content[\\/]content|system[\\/]system)\.constants|site[\\/]series-paths)\.js$)/,
                priority: 45,
              },
              // The interface's texts, with the small contracts helpers every reading page formats with
              // (Arabic numbers, chapter titles): two files under 1 KB each went out uncompressed.
              {
                name: 'i18n',
                test: /[\\/]site[\\/]src[\\/](?:i18n[\\/]index|lib[\\/]content[\\/]chapter-groups)\.|^\0warraq-catalogue:languageNames$|[\\/]contracts[\\/]dist[\\/](?:common[\\/]arabic-number|content[\\/]chapter-title)\.js$/,
                priority: 38,
              },
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
