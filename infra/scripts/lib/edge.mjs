import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { mediaHost } from './config.mjs';
import { ROOT } from './run.mjs';

function hasIpv6Loopback() {
  try {
    return fs.readFileSync('/proc/net/if_inet6', 'utf8').includes('00000000000000000000000000000001');
  } catch {
    return false;
  }
}

/** Debian's brotli modules for nginx (installed best effort by ensureNginx). */
const BROTLI_MODULES = [
  '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so',
  '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
];

/**
 * Whether this machine's nginx has both brotli modules: the edge then turns brotli on (brotli.conf
 * uses the filter's directives and the static one's).
 */
export function hasBrotli() {
  return BROTLI_MODULES.every((so) => fs.existsSync(so));
}

/**
 * The folder of the edge's stored public documents (infra/nginx/page-store.conf), in nginx's prefix
 * (`-p`): routes.conf names it relative to the prefix.
 */
const PAGE_STORE = 'warraq-pages';
const pageStore = (dir) => path.resolve(dir, PAGE_STORE);

/**
 * A self-signed certificate for the base domain and its subdomains (the TLS port's, config.edgeTlsPort),
 * made once per data folder with Debian's openssl; browsers are told to accept it.
 */
function selfSignedCertificate(dir, baseDomain) {
  const cert = path.join(dir, 'edge-cert.pem');
  const key = path.join(dir, 'edge-key.pem');
  if (!fs.existsSync(cert) || !fs.existsSync(key)) {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '30',
        '-subj',
        `/CN=${baseDomain}`,
        '-addext',
        `subjectAltName=DNS:${baseDomain},DNS:*.${baseDomain}`,
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
  }
  return { cert, key };
}

/** The script that deletes the stored public documents of past seconds, as production's unit runs it. */
export const PAGE_STORE_SWEEP = path.join(ROOT, 'infra/scripts/page-store-sweep.sh');

/**
 * Writes the local edge's nginx.conf: the loopback upstreams, one catch-all server on the edge port
 * that includes infra/nginx/routes.conf, and the media host (cdn.<base>) that includes
 * infra/nginx/cdn.conf, and the compressing server in front of the site (infra/nginx/compressor.conf)
 * on a unix socket — the same routing files production includes.
 */
export function writeEdgeConfig(config) {
  const dir = path.join(config.dataDir, 'nginx', String(config.edgePort));
  fs.rmSync(path.join(dir, 'cache'), { recursive: true, force: true });
  fs.rmSync(pageStore(dir), { recursive: true, force: true });
  for (const sub of [
    '',
    'cache',
    PAGE_STORE,
    'tmp/client',
    'tmp/proxy',
    'tmp/fastcgi',
    'tmp/uwsgi',
    'tmp/scgi',
    'logs',
  ]) {
    fs.mkdirSync(path.join(dir, sub), { recursive: true, mode: 0o777 });
  }
  // nginx workers drop to an unprivileged user when started as root; they must write the temp dirs.
  for (const sub of [
    'cache',
    PAGE_STORE,
    'tmp',
    'tmp/client',
    'tmp/proxy',
    'tmp/fastcgi',
    'tmp/uwsgi',
    'tmp/scgi',
  ]) {
    fs.chmodSync(path.join(dir, sub), 0o777);
  }
  // routes.conf includes its shared pieces as warraq/<file>, relative to nginx.conf's folder, as
  // production deploys them to /etc/nginx/warraq/: here that folder links to infra/nginx.
  const shared = path.join(dir, 'warraq');
  fs.rmSync(shared, { force: true, recursive: true });
  fs.symlinkSync(path.join(ROOT, 'infra/nginx'), shared);
  // The brotli-only settings (compressor.conf and routes.conf include warraq-brotli/<file>), linked in
  // only when this nginx has the module: another nginx would refuse the directives.
  // A machine without the brotli module still starts, serving gzip only.
  const brotli = hasBrotli();
  const brotliOnly = path.join(dir, 'warraq-brotli');
  fs.rmSync(brotliOnly, { force: true, recursive: true });
  fs.mkdirSync(brotliOnly);
  if (brotli) {
    for (const file of ['brotli-built.conf', 'brotli-stored.conf']) {
      fs.symlinkSync(path.join(ROOT, 'infra/nginx', file), path.join(brotliOnly, file));
    }
  }
  const routes = path.join(ROOT, 'infra/nginx/routes.conf');
  const cdn = path.join(ROOT, 'infra/nginx/cdn.conf');
  const listen = [
    `listen 127.0.0.1:${config.edgePort}`,
    ...(hasIpv6Loopback() ? [`listen [::1]:${config.edgePort}`] : []),
  ];
  // TLS and HTTP/2 as production.conf serves them (a listen parameter: Debian 12's nginx has no
  // `http2` directive), for the browser benches.
  const tls = config.edgeTlsPort ? selfSignedCertificate(dir, config.baseDomain) : null;
  const tlsLines = tls
    ? [
        `    listen 127.0.0.1:${config.edgeTlsPort} ssl http2 default_server;`,
        `    ssl_certificate ${tls.cert};`,
        `    ssl_certificate_key ${tls.key};`,
      ].join('\n')
    : '';
  const mimeTypes = fs.existsSync('/etc/nginx/mime.types') ? 'include /etc/nginx/mime.types;' : '';
  const loadBrotli = brotli ? BROTLI_MODULES.map((so) => `load_module ${so};\n`).join('') : '';
  const brotliConf = brotli ? `include ${path.join(ROOT, 'infra/nginx/brotli.conf')};` : '';
  // The compressing hop between the cache and the site (infra/nginx/compressor.conf). A socket left
  // by an edge that was killed would keep the new one from binding.
  const compressorSocket = path.resolve(dir, 'compressor.sock');
  fs.rmSync(compressorSocket, { force: true });
  // The proxy_cache hop that public documents are stored from (infra/nginx/page-cache.conf).
  const pageCacheSocket = path.resolve(dir, 'page-cache.sock');
  fs.rmSync(pageCacheSocket, { force: true });
  const conf = `# Generated by infra/scripts/lib/edge.mjs for a local run; do not edit.
${loadBrotli}worker_processes auto;
# The routes' regex locations (the public documents) are matched on every request: compiled, not interpreted.
pcre_jit on;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  ${mimeTypes}
  ${brotliConf}
  include ${path.join(ROOT, 'infra/nginx/compression.conf')};
  include ${path.join(ROOT, 'infra/nginx/page-store.conf')};
  access_log off;
  client_body_temp_path ${dir}/tmp/client;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=warraq_pages:10m max_size=256m inactive=10m use_temp_path=off;
  upstream warraq_platform {
${config.platformPorts.map((port) => `    server 127.0.0.1:${port};`).join('\n')}
    keepalive 32;
  }
  upstream warraq_site {
    server 127.0.0.1:${config.sitePort};
    keepalive 16;
  }
  upstream warraq_compressor {
    server unix:${compressorSocket};
    keepalive 16;
  }
  upstream warraq_page_cache {
    server unix:${pageCacheSocket};
    keepalive 16;
  }
  server {
    listen unix:${compressorSocket};
    include ${path.join(ROOT, 'infra/nginx/compressor.conf')};
  }
  server {
    listen unix:${pageCacheSocket};
    include ${path.join(ROOT, 'infra/nginx/page-cache.conf')};
  }
  server {
${listen.map((line) => `    ${line} default_server;`).join('\n')}
${tlsLines}
    server_name _;
    include ${routes};
  }
  server {
${listen.map((line) => `    ${line};`).join('\n')}
    server_name ${mediaHost(config)};
    include ${cdn};
  }
}
`;
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, conf);
  return { file, prefix: dir, pidFile: path.join(dir, 'nginx.pid'), pageStore: pageStore(dir) };
}
