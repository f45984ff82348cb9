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
 * An nginx that serves files from `dir` as they are: the baseline a page through the edge is held to.
 * A file's precompressed `.gz` twin is sent as is to a client that takes gzip (`gzip_static`); with
 * `headers` (an answer's, as Node parses them) it adds the same other headers, so both sides send the
 * same bytes, headers included.
 */
export function startStaticNginx({ dir, port, prefix, headers = {} }) {
  fs.mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
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
  fs.writeFileSync(
    conf,
    `worker_processes 1;
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
  server {
    listen 127.0.0.1:${port};
    root ${dir};
${added}
  }
}
`,
  );
  return startChild('static-nginx', ensureNginx(), ['-p', prefix, '-c', conf, '-g', 'daemon off;'], {
    quiet: true,
  });
}
