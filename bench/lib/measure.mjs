import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

const TICKS = 100; // getconf CLK_TCK on Linux

function readStat(pid) {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** The pids of these processes and all their descendants (nginx workers, for instance). */
export function processTree(rootPids) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (!stat) continue;
    if (!children.has(stat.ppid)) children.set(stat.ppid, []);
    children.get(stat.ppid).push(Number(entry));
  }
  const out = new Set();
  const stack = [...rootPids];
  while (stack.length) {
    const pid = stack.pop();
    if (out.has(pid)) continue;
    out.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return [...out];
}

/** CPU seconds (user + system) used so far by these processes and their descendants. */
export function cpuSeconds(rootPids) {
  return processTree(rootPids).reduce((sum, pid) => sum + (readStat(pid)?.ticks ?? 0), 0) / TICKS;
}

function parseDuration(text) {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2]];
}

/**
 * One wrk run against a server whose processes are `pids`; answers requests/s, requests per CPU
 * second of those processes (the per-core figure), and latency percentiles in ms. With `part` (some
 * of those processes), also the requests per CPU second of that part alone (`perCorePart`).
 */
export function wrk({ url, host, pids, part, connections = 50, seconds = 8, threads = 2, script }) {
  const before = cpuSeconds(pids);
  const partBefore = part ? cpuSeconds(part) : 0;
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--latency'];
  if (script) args.push('-s', script);
  if (host) args.push('-H', `Host: ${host}`);
  args.push('-H', 'Accept-Encoding: gzip', url);
  const result = spawnSync('wrk', args, { encoding: 'utf8' });
  const cpu = cpuSeconds(pids) - before;
  const partCpu = part ? cpuSeconds(part) - partBefore : NaN;
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr || result.stdout}`);
  const out = result.stdout;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (errors) throw new Error(`${url}: ${errors[1]} non-2xx answers\n${out}`);
  const pct = (p) => parseDuration(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  return {
    rps,
    requests,
    cpu,
    perCore: requests / cpu,
    perCorePart: requests / partCpu,
    p50: pct(50),
    p99: pct(99),
  };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Runs each variant `rounds` times, interleaved (A B A B …), and keeps the medians, and each round's
 * figures in `rounds` (for ratios taken within a round, when the machine drifts between rounds).
 */
export function interleaved(variants, rounds = 3) {
  const runs = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(variants)) runs[name].push(run());
  }
  return Object.fromEntries(
    Object.entries(runs).map(([name, list]) => [
      name,
      {
        rps: median(list.map((r) => r.rps)),
        perCore: median(list.map((r) => r.perCore)),
        perCorePart: median(list.map((r) => r.perCorePart)),
        p50: median(list.map((r) => r.p50)),
        p99: median(list.map((r) => r.p99)),
        rounds: list,
      },
    ]),
  );
}
