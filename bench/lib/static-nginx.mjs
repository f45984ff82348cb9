import fs from 'node:fs';
import path from 'node:path';
import { startChild } from '../../infra/scripts/lib/run.mjs';
import { ensureNginx } from '../../infra/scripts/lib/services.mjs';

/** Headers nginx writes itself for a file, or that describe the connection or the encoding it chooses. */
const OWN_HEADERS = new Set([
  'date',
  'server',
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'vary',
  'last-modified',
  'etag',
  'accept-ranges',
]);

/**
 * The nginx.conf of an nginx that serves files from `dir` as they are: the baseline a page through the
 * edge is held to. A file's precompressed `.gz` twin is sent as is to a client that takes gzip
 * (`gzip_static`); with `headers` (an answer's, as Node parses them) it adds the same other headers,
 * so both sides send the same bytes, headers included, but for the `Last-Modified` and `ETag` nginx
 * gives a file, which the edge's stored copies do not send (infra/nginx/page-headers.conf).
 */
export function staticNginxConf({ dir, port, prefix, headers = {} }) {
  const quote = (value) => {
    if (value.includes('$')) throw new Error(`a header value nginx would expand: ${value}`);
    return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  };
  const added = Object.entries(headers)
    .filter(([name]) => !OWN_HEADERS.has(name))
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((v) => `    add_header ${name} ${quote(v)};`),
    )
    .join('\n');
  // Tuned as the edge is (infra/scripts/lib/edge.mjs, infra/nginx/routes.conf), so that the ratio
  // measures the edge's own work on a hit, not a difference of settings: a worker per core (a single
  // worker batches more events per wake-up, ~10 % more requests per CPU second here than two), file
  // descriptors kept open between requests like the edge's cache files (without, each request opens,
  // stats and closes the file: the same nginx then serves ~1.6× fewer requests per CPU second), no
  // access log. Measured on 2026-11-27 (bench/README.md).
  return `worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  types { }
  default_type ${quote(headers['content-type'] ?? 'text/html')};
  gzip on;
  gzip_static on;
  gzip_vary on;
  open_file_cache max=10000 inactive=20s;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
${added}
  }
}
`;
}

/** The static baseline of staticNginxConf, started (logs and pid in `prefix`). */
export function startStaticNginx(options) {
  const { prefix } = options;
  fs.mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, staticNginxConf(options));
  return startChild('static-nginx', ensureNginx(), ['-p', prefix, '-c', conf, '-g', 'daemon off;'], {
    quiet: true,
  });
}
