// Processes and load for the benchmarks: start a server process and wait for it, wrk at a
// number of connections, and the latency of one call after another.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';

export const hasCommand = (cmd: string): boolean => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

const startWords = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start.split(
  /\s+/,
);
/** The Node flags `npm start` gives the server (package.json), so that a benchmark measures the same process. */
export const START_FLAGS: string[] = startWords.filter((a) => a.startsWith('--'));
/** The environment `npm start` sets for it (NAME=value before the command). */
const START_ENV: Record<string, string> = Object.fromEntries(
  startWords.filter((a) => /^[A-Z_]+=/.test(a)).map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
);

export interface Started {
  child: ChildProcess;
  /** the peak resident memory so far (VmHWM), MB */
  peakRssMb(): number;
  /** CPU time the process used so far (user + system), ms: work done, whatever else runs on the machine */
  cpuMs(): number;
  /** Resolves once the process has printed `text` on stdout (at any time since its start). */
  printed(text: string, timeoutMs: number): Promise<void>;
  /** what it printed on stdout so far */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The cores a load benchmark keeps apart: its servers on one, wrk on another, or null (one core,
 * or no taskset). Sharing both cores, wrk and the server took turns on them as the scheduler
 * chose: the same kept list measured 0.52× its anchor in one run and 0.85× in the next
 * (performance.md, 2026-12-05); apart, four rounds of the anchor spread 50–52k req/s instead of 42–50k.
 */
export const PINNED: { server: string; load: string } | null =
  availableParallelism() >= 2 && hasCommand('taskset') ? { server: '0', load: '1' } : null;

/** A command run on `cores` (taskset replaces itself with it: the child's pid is the command's). */
const onCores = (cores: string | undefined, command: string, args: string[]): [string, string[]] =>
  cores ? ['taskset', ['-c', cores, command, ...args]] : [command, args];

/** Starts `node <args>` (on `cores`, when given) and waits until it prints `ready` (default `listening`). */
export async function startNode(
  args: string[],
  env: Record<string, string>,
  { ready = 'listening', timeoutMs = 120_000, cores }: { ready?: string; timeoutMs?: number; cores?: string } = {},
): Promise<Started> {
  const [command, argv] = onCores(cores, process.execPath, args);
  const child = spawn(command, argv, {
    env: { ...process.env, ...START_ENV, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // a server logs every request: each waiter reads only what came since it last looked
  const chunks: string[] = [];
  const more = new EventEmitter();
  child.stdout.on('data', (d: Buffer) => {
    chunks.push(d.toString());
    more.emit('data');
  });
  const output = () => chunks.join('');
  const printed = (text: string, ms: number) =>
    new Promise<void>((done, fail) => {
      let read = 0;
      let tail = '';
      const check = () => {
        const fresh = tail + chunks.slice(read).join('');
        read = chunks.length;
        tail = fresh.slice(-text.length);
        if (!fresh.includes(text)) return;
        cleanup();
        done();
      };
      const exited = (code: number | null) => {
        cleanup();
        fail(new Error(`${args[0]} 退出（${code}）：${output().slice(-500)}`));
      };
      const timer = setTimeout(() => {
        cleanup();
        fail(new Error(`${args[0]} 在 ${ms / 1000} 秒内没有输出「${text}」`));
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        more.off('data', check);
        child.off('exit', exited);
      };
      more.on('data', check);
      child.on('exit', exited);
      check();
    });
  await printed(ready, timeoutMs);
  return {
    child,
    printed,
    output,
    cpuMs() {
      // fields 14 and 15 of /proc/<pid>/stat (after the command in parentheses), in clock ticks of 10 ms
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    peakRssMb() {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : 0;
    },
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

export interface WrkResult {
  rps: number;
  /** responses other than 2xx/3xx, and socket errors */
  failures: number;
}

interface WrkOptions {
  headers?: Record<string, string>;
  connections?: number;
  seconds: number;
  /** the cores wrk runs on (PINNED.load), when given */
  cores?: string;
}

/** wrk with one thread and `connections` connections for `seconds`. */
export function wrk(url: string, opts: WrkOptions): WrkResult {
  const headers = Object.entries(opts.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const args = ['-t1', `-c${opts.connections ?? 50}`, `-d${opts.seconds}s`, '--timeout', '10s', ...headers, url];
  const r = spawnSync(...onCores(opts.cores, 'wrk', args), { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`wrk 失败：${r.stderr}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(r.stdout)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(r.stdout)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(r.stdout);
  return { rps, failures: non2xx + (errors ? errors.slice(1).reduce((s, n) => s + Number(n), 0) : 0) };
}

/**
 * Throughput of `ours` beside its anchor, alternated over a few rounds (the machine may be busy
 * with other work): the round whose ratio is the median (pairedMedian).
 */
export function wrkPair(ours: string, anchor: string, opts: WrkOptions & { rounds?: number }) {
  const [a, b] = wrkRounds([ours, anchor], opts);
  return { ...pairedMedian(a, b), failures: a.failures };
}

export interface WrkRounds extends WrkResult {
  /** req/s of each round, in order; `rps` is their median */
  rounds: number[];
}

/**
 * Throughput of each URL, measured in turn over a few rounds, every other round in reverse order
 * (so that neighbours in the list are measured back to back and a drift of the machine's speed
 * falls on both alike): the median of each, with its failures summed.
 */
export function wrkRounds(urls: readonly string[], opts: WrkOptions & { rounds?: number }): WrkRounds[] {
  const runs = urls.map(() => ({ rounds: [] as number[], failures: 0 }));
  for (let i = 0; i < (opts.rounds ?? 3); i++) {
    const order = urls.map((_, k) => (i % 2 ? urls.length - 1 - k : k));
    for (const k of order) {
      const r = wrk(urls[k], opts);
      runs[k].rounds.push(r.rps);
      runs[k].failures += r.failures;
    }
  }
  return runs.map((r) => ({ ...r, rps: percentile(r.rounds, 50) }));
}

/**
 * Ours and the anchor from the round whose ratio is the median of the rounds' ratios. Each
 * round's two figures are measured back to back, so a change in the machine's speed between
 * rounds (seen here: a bare route at 20k req/s for a minute, then 37k) does not enter the ratio,
 * as it does when the two medians come from different rounds.
 */
export function pairedMedian(ours: WrkRounds, anchor: WrkRounds): { ours: number; anchor: number } {
  const byRatio = ours.rounds
    .map((o, i) => ({ ours: o, anchor: anchor.rounds[i] }))
    .sort((p, q) => p.ours / p.anchor - q.ours / q.anchor);
  return byRatio[Math.floor(byRatio.length / 2)];
}

export const percentile = (list: number[], p: number): number =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))];

const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One GET over a kept-alive connection with node:http. The timed calls use it rather than fetch:
 * fetch (undici) spent about 0.5 ms of the client's own time a call on this machine (measured
 * against the same server: an API 404 took p50 1.09 ms by fetch, 0.66 ms by node:http), which
 * is no part of the server's answer.
 */
export function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    request(url, { agent: keptAlive, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    })
      .on('error', fail)
      .end();
  });
}

/** `n` calls one after another (keep-alive); each URL made unique when `bust` so that no shared answer is reused. */
export async function latency(url: string, opts: { headers?: Record<string, string>; n: number; bust?: boolean }) {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < opts.n; i++) {
    const u = opts.bust ? `${url}${url.includes('?') ? '&' : '?'}_bench=${i}` : url;
    const t0 = performance.now();
    const res = await get(u, opts.headers);
    times.push(performance.now() - t0);
    status = res.status;
  }
  return { first: times[0], p50: percentile(times.slice(1), 50), p95: percentile(times.slice(1), 95), status };
}

/** A port nothing listens on now. */
export const freePort = (): Promise<number> =>
  new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

/** Waits until a server answers on `url`. */
export async function waitFor(url: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await (await fetch(url)).arrayBuffer();
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The benchmark server (scripts/bench/serve.ts) on a database, serving `siteDir` (a missing folder: no site). */
export async function startBenchServer(
  databaseUrl: string,
  dataDir: string,
  siteDir: string,
): Promise<Started & { base: string }> {
  const port = await freePort();
  const started = await startNode([...START_FLAGS, 'scripts/bench/serve.ts'], {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    DATA_DIR: dataDir,
    WENKU_SITE_DIR: siteDir,
  });
  return { ...started, base: `http://127.0.0.1:${port}` };
}
