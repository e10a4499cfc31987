import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { Lines, orNothing, waitFor } from './wait.ts';
import { spawnNpmScript } from './npm-script.ts';

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

/** A port the system has no listener on just now: for nginx, which cannot tell which port it took. */
const unusedPort = (): Promise<number> =>
  new Promise((done, fail) => {
    const s = createServer()
      .once('error', fail)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => done(port));
      });
  });

/** The port a `npm start` process announces it listens on (it is started with PORT=0). */
const ANNOUNCED = /Wenku 已启动：http:\/\/127\.0\.0\.1:(\d+)/;

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
  const ports: Partial<Record<Which, number>> = {};
  let output = '';
  const children: ChildProcess[] = [];
  const start = (name: string, script: string, env: Record<string, string>) => {
    const dataDir = join(opts.work, name);
    mkdirSync(dataDir, { recursive: true });
    const child = spawnNpmScript(
      script,
      {
        ...opts.env,
        DATA_DIR: dataDir,
        DATABASE_URL: opts.databaseUrl,
        WENKU_DB_SCHEMA: schema,
        WENKU_LOG: 'warn',
        ...env,
      },
      { cwd: resolve('.') },
    );
    const printed = new Lines();
    const keep = (d: Buffer) => {
      printed.write(d);
      output = (output + `[${name}] ${d.toString()}`).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    children.push(child);
    return { child, printed };
  };
  /** waits for a process to start: a line it prints, or an HTTP answer */
  const started = (what: string) => ({ what: `${what} to start`, timeout: 60_000, interval: 200, explain: () => output });
  const answers = (url: string) => orNothing(async () => (await fetch(url)).status === 200);
  const instanceUrl = (i: Which) => `http://127.0.0.1:${ports[i]}`;
  const instances: Partial<Record<Which, ChildProcess>> = {};
  const workers: Partial<Record<Which, ChildProcess>> = {};
  const startInstance = async (i: Which) => {
    // a free port of the system's choosing, read from what the instance prints once it listens
    const { child, printed } = start(`instance${i}`, 'src/server/main.ts', {
      PORT: '0',
      HOST: '127.0.0.1',
      WENKU_TRUST_PROXY: '127.0.0.1',
      WENKU_LOG: 'info',
    });
    instances[i] = child;
    ports[i] = Number((await printed.next(ANNOUNCED, started(`instance ${i}`))).match(ANNOUNCED)![1]);
    await waitFor(answers(`${instanceUrl(i)}/readyz`), started(`instance ${i}`));
  };
  const startWorker = async (i: Which) => {
    const { child, printed } = start(`worker${i}`, 'src/server/worker.ts', { WENKU_LOG: 'info' });
    workers[i] = child;
    await printed.next('文档转换进程已启动', started(`worker ${i}`));
  };

  // all at once on the empty schema, as a deployment's first start: one migrates and seeds, the others wait
  await Promise.all([startInstance(1), startInstance(2), startWorker(1), startWorker(2)]);

  const nginxDir = join(opts.work, 'nginx');
  mkdirSync(nginxDir, { recursive: true });
  const site = opts.env.WENKU_SITE_DIR;
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
  const nginxLog = () => {
    const log = join(nginxDir, 'error.log');
    return existsSync(log) ? readFileSync(log, 'utf8') : '';
  };
  // nginx cannot tell which port it took: it gets one the system had free a moment ago, and
  // another when something took that one in between (nginx then exits at once)
  const startNginx = async (attempt = 1): Promise<{ nginx: ChildProcess; proxyPort: number }> => {
    const port = await unusedPort();
    const conf = readFileSync(resolve('docs/nginx/wenku-cluster.conf'), 'utf8')
      .replaceAll('127.0.0.1:8880', `127.0.0.1:${ports[1]}`)
      .replaceAll('127.0.0.1:8881', `127.0.0.1:${ports[2]}`)
      .replaceAll('listen 80;', `listen 127.0.0.1:${port};`)
      .replaceAll('/srv/wenku/site/current', site);
    writeFileSync(join(nginxDir, 'wenku.conf'), conf);
    const child = spawn(NGINX, ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    children.push(child);
    const up = await Promise.race([
      exited(child).then(() => false),
      waitFor(answers(`http://127.0.0.1:${port}/healthz`), { ...started('nginx'), timeout: 10_000 }).then(() => true),
    ]).catch((err: Error) => {
      throw new Error(`${err.message}\n${nginxLog()}`);
    });
    if (up) return { nginx: child, proxyPort: port };
    if (attempt === 3) throw new Error(`nginx did not start:\n${nginxLog()}`);
    return startNginx(attempt + 1);
  };
  const { nginx, proxyPort } = await startNginx();
  const proxyUrl = () => `http://127.0.0.1:${proxyPort}`;

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
    logs: () => `${output}\n[nginx] ${nginxLog()}`,
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
