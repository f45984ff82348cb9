import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// infra/nginx/production.conf is deployed as its comments say, and no local run loads it (the local
// edge writes its own http block around the same routing files). Here it is loaded as deployed, by
// this machine's nginx (Debian's, as production's), with its paths moved into a folder of the test's
// and a self-signed certificate for each host, and checked by `nginx -t`.
const ROOT = resolve(__dirname, '../..');
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
const BROTLI_MODULES = [
  '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so',
  '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
];

describe('the production edge configuration', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'warraq-production-edge-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is accepted by nginx as deployed: in the http block, the shared files in /etc/nginx/warraq/', async () => {
    await symlink(join(ROOT, 'infra/nginx'), join(dir, 'warraq'));
    for (const domain of ['example.com', 'example-media.net']) {
      const live = join(dir, 'letsencrypt/live', domain);
      await mkdir(live, { recursive: true });
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          `/CN=${domain}`,
          '-keyout',
          join(live, 'privkey.pem'),
          '-out',
          join(live, 'fullchain.pem'),
        ],
        { stdio: 'ignore' },
      );
    }
    for (const sub of ['cache', 'run', 'log', 'tmp']) await mkdir(join(dir, sub));
    const brotli = BROTLI_MODULES.every((module) => existsSync(module));
    let production = (await readFile(join(ROOT, 'infra/nginx/production.conf'), 'utf8'))
      .replaceAll('/etc/nginx/warraq/', `${dir}/warraq/`)
      .replaceAll('/etc/letsencrypt/', `${dir}/letsencrypt/`)
      .replaceAll('/var/cache/nginx/', `${dir}/cache/`)
      .replaceAll('/run/', `${dir}/run/`)
      .replaceAll('/var/log/nginx/', `${dir}/log/`);
    // Without Debian's brotli modules, production drops that line (production.conf says so).
    if (!brotli) production = production.replace(/^include .*\/brotli\.conf;$/m, '');
    await writeFile(join(dir, 'production.conf'), production);
    // Debian's nginx.conf, as far as the edge relies on it (production.conf's opening comment).
    await writeFile(
      join(dir, 'nginx.conf'),
      `${brotli ? BROTLI_MODULES.map((module) => `load_module ${module};`).join('\n') : ''}
worker_processes auto;
pcre_jit on;
pid ${dir}/run/nginx.pid;
error_log ${dir}/log/error.log;
events { worker_connections 768; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  client_body_temp_path ${dir}/tmp/client;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include ${dir}/production.conf;
}
`,
    );
    const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
    expect({ status: check.status, output: check.stderr }).toEqual({
      status: 0,
      output: expect.stringContaining('test is successful') as string,
    });
  });
});
