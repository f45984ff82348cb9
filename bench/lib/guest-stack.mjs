// The stack the browser benches (reader bytes, Lighthouse) open as a guest: built like `npm start`,
// seeded with the demo catalogue, on ports, a database, a Redis prefix and a data folder of its own
// per `WARRAQ_TEST_SLOT`, so checkouts sharing a machine can run them at once.
import http from 'node:http';
import { ensureServices } from '../../infra/scripts/lib/services.mjs';
import { build, prepareDatabase, startStack } from '../../infra/scripts/lib/stack.mjs';
import { benchConfig } from './bench-config.mjs';
import { ensureDatabase } from './database.mjs';

/** Ports move by 100 per slot. */
export const config = benchConfig(100);

/** The browser-facing origin of a site (`''` is the main site); Chromium resolves *.localhost itself. */
export const siteOrigin = (sub) => `http://${sub ? `${sub}.` : ''}${config.baseDomain}:${config.edgePort}`;

/** The same site over TLS and HTTP/2, as production serves it (a self-signed certificate). */
export const secureSiteOrigin = (sub) =>
  `https://${sub ? `${sub}.` : ''}${config.baseDomain}:${config.edgeTlsPort}`;

/** GET through the edge on loopback with a site's Host (Node does not resolve *.localhost). */
export function edgeGet(path, sub = 'manga') {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port: config.edgePort, path, headers: { host: new URL(siteOrigin(sub)).host } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(Buffer.concat(chunks))
            : reject(new Error(`${path} → ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
  });
}

export const edgeJson = async (path, sub) => JSON.parse((await edgeGet(path, sub)).toString('utf8'));

/**
 * Builds (unless `WARRAQ_SKIP_BUILD=1`), migrates and seeds the bench database, then starts the stack.
 * `beforeStart` runs first (a browser launch): when it fails, no stack is left behind.
 */
export async function startGuestStack(beforeStart = async () => undefined) {
  await ensureServices();
  if (process.env.WARRAQ_SKIP_BUILD !== '1') build();
  await ensureDatabase(config.databaseUrl);
  prepareDatabase(config);
  const ready = await beforeStart();
  const stack = await startStack(config, { quiet: true });
  return { stack, ready };
}

/** A demo series' public path, found through the public search API as a reader would. */
export async function seriesPath(title, type) {
  const { data } = await edgeJson(`/api/manga?search=${encodeURIComponent(title)}&type=${type}`);
  const series = data.find((item) => item.title === title);
  if (!series) throw new Error(`the demo series ${title} is not in the catalogue`);
  const slug = encodeURIComponent(series.slug);
  return type === 'manga' ? `/series/manga/${slug}` : `/${type}/${slug}`;
}
