import fs from 'node:fs';
import path from 'node:path';
import { startChild } from '../../infra/scripts/lib/run.mjs';
import { ensureNginx } from '../../infra/scripts/lib/services.mjs';

/** An nginx that serves files from `dir` as they are: the baseline a page through the edge is held to. */
export function startStaticNginx({ dir, port, prefix }) {
  fs.mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  default_type text/html;
  gzip on;
  gzip_types text/html;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
  }
}
`,
  );
  return startChild('static-nginx', ensureNginx(), ['-p', prefix, '-c', conf, '-g', 'daemon off;'], {
    quiet: true,
  });
}
