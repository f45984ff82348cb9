import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const UNITS = join(ROOT, 'infra/systemd');

/** `Key=value` settings of a unit file, section by section; a repeated key's values are joined with spaces. */
function settingsOf(file: string): Record<string, string> {
  const settings: Record<string, string> = {};
  let section = '';
  for (const raw of readFileSync(join(UNITS, file), 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) section = header[1]!;
    else {
      const at = line.indexOf('=');
      const key = `${section}.${line.slice(0, at)}`;
      settings[key] = [settings[key], line.slice(at + 1)].filter(Boolean).join(' ');
    }
  }
  return settings;
}

/** A constant of `npm start`'s supervisor (infra/scripts/lib/stack.mjs), in milliseconds. */
function supervisorMs(name: string): number {
  const source = readFileSync(join(ROOT, 'infra/scripts/lib/stack.mjs'), 'utf8');
  const match = new RegExp(`export const ${name} = ([\\d_]+);`).exec(source);
  if (!match) throw new Error(`${name} not found in stack.mjs`);
  return Number(match[1]!.replace(/_/g, ''));
}

/**
 * Supervision in production (finding 7 of the reliability issue): every process `npm start`
 * supervises — platform, worker, site, the edge and its page-store sweep — has a systemd unit (or, for Debian's nginx, a
 * drop-in) that restarts it the way `npm start` does: always, after 1 s, doubling to 30 s, never
 * giving up.
 */
describe('the production units restart processes as npm start does', () => {
  const first = `${supervisorMs('RESTART_FIRST_MS') / 1000}s`;
  const max = `${supervisorMs('RESTART_MAX_MS') / 1000}s`;

  it.each([
    ['platform', 'warraq-platform@.service'],
    ['worker', 'warraq-worker.service'],
    ['site', 'warraq-site.service'],
    ['edge', 'nginx.service.d/warraq-restart.conf'],
    ['page-store-sweep', 'warraq-page-store-sweep.service'],
  ])('%s (%s)', (_process, file) => {
    expect(settingsOf(file)).toMatchObject({
      'Unit.StartLimitIntervalSec': '0',
      'Service.Restart': 'always',
      'Service.RestartSec': first,
      'Service.RestartSteps': expect.stringMatching(/^[1-9]\d*$/) as unknown,
      'Service.RestartMaxDelaySec': max,
    });
  });

  it('runs the worker with the allocator setting npm start gives it', () => {
    const source = readFileSync(join(ROOT, 'infra/scripts/lib/stack.mjs'), 'utf8');
    expect(source).toContain("MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2'");
    expect(settingsOf('warraq-worker.service')['Service.Environment']).toContain('MALLOC_ARENA_MAX=2');
  });
});
