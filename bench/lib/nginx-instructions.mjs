// How many instructions nginx runs in user space per request, counted by valgrind's callgrind: a
// figure that does not move with the machine's load, unlike requests per CPU second, so a change of
// a few hundred instructions to the edge's configuration shows (bench/README.md, "What a hit costs").
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { capture, sleep } from '../../infra/scripts/lib/run.mjs';
import { ensureNginx, waitForPort } from '../../infra/scripts/lib/services.mjs';

/**
 * One nginx process serving the configuration `conf` (an nginx.conf of a worker per core, as the edge
 * and the static baseline are written), under callgrind: `requests` keep-alive GETs of `url` with
 * `headers` after a warm-up, each checked by `check(response)`. Answers the instructions per request.
 */
export async function nginxInstructionsPerRequest({
  conf,
  prefix,
  port,
  url,
  headers,
  check,
  requests = 2000,
}) {
  // Counted in one process: the master's and the workers' work would otherwise land in several files.
  const single = conf.replace(/^worker_processes auto;$/m, 'worker_processes 1;\nmaster_process off;');
  if (single === conf) throw new Error('the configuration has no `worker_processes auto;` line to replace');
  const file = path.join(prefix, 'callgrind-nginx.conf');
  const out = path.join(prefix, 'callgrind.out');
  fs.writeFileSync(file, single);
  for (const old of fs.readdirSync(prefix).filter((name) => name.startsWith('callgrind.out'))) {
    fs.rmSync(path.join(prefix, old));
  }
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${out}`,
      ensureNginx(),
      '-p',
      prefix,
      '-c',
      file,
      '-g',
      'daemon off;',
    ],
    { stdio: 'ignore' },
  );
  try {
    await waitForPort(port, 'nginx under callgrind');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const ask = () =>
      new Promise((resolve, reject) => {
        const request = http.get(url, { agent, headers }, (response) => {
          response.resume();
          response.on('end', () => {
            const problem = check(response);
            if (problem) reject(new Error(`${url} under callgrind: ${problem}`));
            else resolve();
          });
        });
        request.on('error', reject);
      });
    // The first requests open the file and fill nginx's caches; only what every hit costs is counted.
    for (let i = 0; i < 200; i++) await ask();
    const control = (option) => {
      if (capture('callgrind_control', [option, String(child.pid)]) === null)
        throw new Error(`callgrind_control ${option} failed`);
    };
    control('--zero');
    for (let i = 0; i < requests; i++) await ask();
    control('--dump');
    agent.destroy();
    // callgrind writes the dump as `<out>.1` once the running process reaches its next basic block.
    for (let i = 0; i < 100 && !fs.existsSync(`${out}.1`); i++) await sleep(100);
    const totals = fs.readFileSync(`${out}.1`, 'utf8').match(/^(?:totals|summary): (\d+)/m);
    if (!totals || totals[1] === '0') throw new Error(`no instructions counted in ${out}.1`);
    return Number(totals[1]) / requests;
  } finally {
    // The counts are written; a single-process edge does not always end on SIGTERM under valgrind.
    child.kill('SIGKILL');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
  }
}
