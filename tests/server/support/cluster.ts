import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';

/** Ports of this test's processes: the range given to the multi-instance test. */
const PORTS = { first: 19300, last: 19399 };
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

type Which = 1 | 2;

export interface Cluster {
  instanceUrl(i: Which): string;
  proxyUrl(): string;
  /** a statement on the cluster's schema; its rows */
  sql(query: string): Promise<Array<Record<string, unknown>>>;
  api(
    i: Which,
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>;
  login(i: Which, username: string, password: string): Promise<string>;
  pauseWorker(i: Which): void;
  resumeWorker(i: Which): void;
  killWorker(i: Which): Promise<void>;
  killInstance(i: Which): Promise<void>;
  /** what the processes printed (for failure messages) */
  logs(): string;
  close(): Promise<void>;
}

const portFree = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const s = createServer()
      .once('error', () => done(false))
      .listen(port, '127.0.0.1', () => s.close(() => done(true)));
  });

async function freePorts(n: number): Promise<number[]> {
  const out: number[] = [];
  // start somewhere in the range so that parallel runs rarely probe the same ports first
  const span = PORTS.last - PORTS.first + 1;
  const start = process.pid % span;
  for (let k = 0; k < span && out.length < n; k++) {
    const port = PORTS.first + ((start + k) % span);
    if (await portFree(port)) out.push(port);
  }
  if (out.length < n) throw new Error(`no ${n} free ports in ${PORTS.first}–${PORTS.last}`);
  return out;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

/**
 * Starts two `npm start` instances and two `npm run worker` processes on one PostgreSQL schema of
 * their own, and nginx in front of the instances with the documented upstream configuration.
 */
export async function startCluster(opts: { work: string; databaseUrl: string; env: Record<string, string> }): Promise<Cluster> {
  const schema = `cluster_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: opts.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = new pg.Pool({ connectionString: opts.databaseUrl, max: 2, options: `-c search_path=${schema}` });
  const [p1, p2, proxyPort] = await freePorts(3);
  const ports: Record<Which, number> = { 1: p1, 2: p2 };
  let output = '';
  const children: ChildProcess[] = [];
  const start = (name: string, script: string, env: Record<string, string>) => {
    const dataDir = join(opts.work, name);
    mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, [script], {
      cwd: resolve('.'),
      env: {
        ...process.env,
        ...opts.env,
        DATA_DIR: dataDir,
        DATABASE_URL: opts.databaseUrl,
        WENKU_DB_SCHEMA: schema,
        WENKU_LOG: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (d: Buffer) => (output = (output + `[${name}] ${d.toString()}`).slice(-20_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    children.push(child);
    return child;
  };
  const waitFor = async (what: string, ok: () => Promise<boolean>, ms = 60_000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (await ok().catch(() => false)) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${what} did not start:\n${output}`);
  };
  const instanceUrl = (i: Which) => `http://127.0.0.1:${ports[i]}`;
  const instances: Partial<Record<Which, ChildProcess>> = {};
  const workers: Partial<Record<Which, ChildProcess>> = {};
  const startInstance = async (i: Which) => {
    instances[i] = start(`instance${i}`, 'src/server/main.ts', {
      PORT: String(ports[i]),
      HOST: '127.0.0.1',
      WENKU_TRUST_PROXY: '127.0.0.1',
    });
    await waitFor(`instance ${i}`, async () => (await fetch(`${instanceUrl(i)}/readyz`)).status === 200);
  };
  const startWorker = async (i: Which) => {
    const before = output.length;
    workers[i] = start(`worker${i}`, 'src/server/worker.ts', { WENKU_LOG: 'info' });
    await waitFor(`worker ${i}`, async () => output.slice(before).includes('文档转换进程已启动'));
  };

  // all at once on the empty schema, as a deployment's first start: one migrates and seeds, the others wait
  await Promise.all([startInstance(1), startInstance(2), startWorker(1), startWorker(2)]);

  const nginxDir = join(opts.work, 'nginx');
  mkdirSync(nginxDir, { recursive: true });
  const site = opts.env.WENKU_SITE_DIR;
  const conf = readFileSync(resolve('docs/nginx/wenku-cluster.conf'), 'utf8')
    .replaceAll('127.0.0.1:8880', `127.0.0.1:${p1}`)
    .replaceAll('127.0.0.1:8881', `127.0.0.1:${p2}`)
    .replaceAll('listen 80;', `listen 127.0.0.1:${proxyPort};`)
    .replaceAll('/srv/wenku/site/current', site);
  writeFileSync(join(nginxDir, 'wenku.conf'), conf);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${join(nginxDir, t)};`).join(' ');
  writeFileSync(
    join(nginxDir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user www-data;' : ''}
worker_processes 1;
pid ${join(nginxDir, 'nginx.pid')};
error_log ${join(nginxDir, 'error.log')};
events { worker_connections 256; }
http { access_log off; ${temp} include ${join(nginxDir, 'wenku.conf')}; }
`,
  );
  const nginx = spawn(NGINX, ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  children.push(nginx);
  const proxyUrl = () => `http://127.0.0.1:${proxyPort}`;
  await waitFor('nginx', async () => (await fetch(`${proxyUrl()}/healthz`)).status === 200, 10_000).catch((err: Error) => {
    const log = join(nginxDir, 'error.log');
    throw new Error(`${err.message}\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`);
  });

  const api: Cluster['api'] = async (i, method, path, { token, body, headers } = {}) => {
    const res = await fetch(`${instanceUrl(i)}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  };
  const kill = async (child: ChildProcess | undefined) => {
    if (!child) return;
    child.kill('SIGKILL');
    await exited(child);
  };

  return {
    instanceUrl,
    proxyUrl,
    async sql(query) {
      return (await db.query(query)).rows as Array<Record<string, unknown>>;
    },
    api,
    async login(i, username, password) {
      const res = await api(i, 'POST', '/api/v1/user/login', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username} on instance ${i}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
    pauseWorker: (i) => void workers[i]?.kill('SIGSTOP'),
    resumeWorker: (i) => void workers[i]?.kill('SIGCONT'),
    killWorker: (i) => kill(workers[i]),
    killInstance: (i) => kill(instances[i]),
    logs: () => {
      const log = join(nginxDir, 'error.log');
      return `${output}\n[nginx] ${existsSync(log) ? readFileSync(log, 'utf8') : ''}`;
    },
    async close() {
      for (const child of children) child.kill('SIGCONT');
      // nginx's master is asked to stop (it stops its workers); killed, it would leave a worker running
      const stopped = exited(nginx);
      nginx.kill('SIGTERM');
      await stopped;
      await Promise.all(children.map(kill));
      await db.end();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
