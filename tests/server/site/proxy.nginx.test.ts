import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { precompressSite } from '../../../src/server/site/precompress.ts';
import type { TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { orNothing, waitFor } from '../support/wait.ts';

// The documented proxy configurations (docs/nginx/wenku.conf, docs/caddy/Caddyfile) in front of
// a test server. Skipped, saying so, where nginx or caddy is not installed. Run as root (CI), the
// proxies' workers run as the distribution's users, as the Debian packages run them: nginx's as
// www-data, Caddy as caddy. They read `/_astro/` from the server's own data folder, whose modes the
// server set (data 0711, the site 0755, the rest private): no test-only permissions.

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const asRoot = process.getuid?.() === 0;
/** uid and gid of a system user (null when it does not exist). */
export function systemUser(name: string): { uid: number; gid: number } | null {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout), gid: Number(gid.stdout) } : null;
}
const freePort = (): Promise<number> =>
  new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

const page = `<!doctype html><title>首页</title>${'文库页面 '.repeat(2000)}`;
const asset = `console.log(${JSON.stringify('文库脚本 '.repeat(3000))});`;

interface Proxy {
  name: string;
  command: string;
  /** the user its workers run as when the test runs as root */
  user: string;
  /** the documented file, with this test's addresses and folder put in */
  start(dir: string, port: number, upstream: number, site: string): ChildProcess;
}

const PROXIES: Proxy[] = [
  {
    name: 'nginx',
    command: 'nginx',
    user: 'www-data',
    start(dir, port, upstream, site) {
      const conf = readFileSync(resolve('docs/nginx/wenku.conf'), 'utf8')
        .replaceAll('127.0.0.1:8880', `127.0.0.1:${upstream}`)
        .replaceAll('listen 80;', `listen 127.0.0.1:${port};`)
        .replaceAll('/srv/wenku/data/site/current', site);
      writeFileSync(join(dir, 'wenku.conf'), conf);
      const mime = existsSync('/etc/nginx/mime.types') ? 'include /etc/nginx/mime.types;' : '';
      const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${join(dir, t)};`).join(' ');
      writeFileSync(
        join(dir, 'nginx.conf'),
        `${asRoot ? 'user www-data;' : ''}
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')};
events { worker_connections 256; }
http { ${mime} access_log off; ${temp} include ${join(dir, 'wenku.conf')}; }
`,
      );
      return spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    },
  },
  {
    name: 'Caddy',
    command: 'caddy',
    user: 'caddy',
    start(dir, port, upstream, site) {
      const conf = readFileSync(resolve('docs/caddy/Caddyfile'), 'utf8')
        .replaceAll('127.0.0.1:8880', `127.0.0.1:${upstream}`)
        .replaceAll('wenku.example.com', `http://127.0.0.1:${port}`)
        .replaceAll('/srv/wenku/data/site/current', site);
      writeFileSync(join(dir, 'Caddyfile'), `{\n\tadmin off\n}\n${conf}`);
      // as root: Caddy runs as the caddy user of the Debian package (its HOME, the test's folder, its own)
      const user = asRoot ? systemUser('caddy') : null;
      if (user) chownSync(dir, user.uid, user.gid);
      return spawn('caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
        stdio: 'ignore',
        env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
        ...(user ?? {}),
      });
    },
  },
];

const sqliteOnly = "it checks that the SQLite database file in the data folder stays private from the proxy's user";

/** Ends a proxy and takes away its folder. */
async function stop(child: ChildProcess, dir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}

for (const proxy of PROXIES) {
  const installed = has(proxy.command);
  describeEachDialect(
    `behind ${proxy.name} with the documented configuration${installed ? '' : `（跳过：未安装 ${proxy.command}）`}`,
    { admin: false, member: false, skip: !installed, sqliteOnly },
    () => {
      let t: TestApp;
      let dir: string;
      let child: ChildProcess;
      let base: string;

      onStart(async (started) => {
        ({ t } = started);
        const site = t.ctx.config.siteDir;
        mkdirSync(join(site, '_astro'), { recursive: true });
        writeFileSync(join(site, 'index.html'), page);
        writeFileSync(join(site, '_astro/app.abc123.js'), asset);
        await precompressSite(site);
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const upstream = (t.app.server.address() as { port: number }).port;
        dir = mkdtempSync(join(tmpdir(), `wenku-${proxy.command}-`));
        // the proxy's own folder (config, temp files) is open to its workers; the data folder is the server's
        chmodSync(dir, 0o755);
        const port = await freePort();
        child = proxy.start(dir, port, upstream, site);
        t.closeWith({ close: () => stop(child, dir) });
        base = `http://127.0.0.1:${port}`;
        await waitFor(
          orNothing(() => fetch(`${base}/api/v1/settings`)),
          {
            what: `${proxy.name} to start`,
            timeout: 10_000,
            interval: 100,
            explain: () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''),
          },
        );
      }, 60_000);

      // fetch would decode the body itself: read the raw bytes through node:http instead
      const raw = async (path: string, headers: Record<string, string>) => {
        const { request } = await import('node:http');
        return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
          (done, fail) => {
            const req = request(`${base}${path}`, { headers }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
            });
            req.on('error', fail);
            req.end();
          },
        );
      };

      it(`reads the site as ${asRoot ? `its distribution's user ${proxy.user}` : 'this (non-root) user'}, the data folder still private`, async () => {
        if (asRoot) {
          expect(systemUser(proxy.user), `${proxy.user} exists`).not.toBeNull();
          const workers = spawnSync('ps', ['-o', 'user=', '--ppid', String(child.pid)], { encoding: 'utf8' }).stdout.trim();
          const own = spawnSync('ps', ['-o', 'user=', '-p', String(child.pid)], { encoding: 'utf8' }).stdout.trim();
          // nginx: a root master and www-data workers; Caddy: one process as caddy
          expect(proxy.command === 'nginx' ? workers.split('\n') : [own]).toEqual(
            proxy.command === 'nginx' ? [proxy.user] : [proxy.user],
          );
        }
        const mode = (p: string) => statSync(p).mode & 0o777;
        await t.ctx.storage.put('uploads/private.png', Buffer.from('png'));
        expect(mode(t.dataDir)).toBe(0o711);
        expect(mode(join(t.dataDir, 'wenku.db'))).toBe(0o600);
        expect(mode(join(t.dataDir, 'files'))).toBe(0o700);
      });

      it('serves hashed assets from disk compressed, cached for a year, and answers 304', async () => {
        const res = await raw('/_astro/app.abc123.js', { 'accept-encoding': 'gzip' });
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(res.body).toString()).toBe(asset);
        expect(res.headers['cache-control']).toContain('immutable');
        const again = await raw('/_astro/app.abc123.js', {
          'accept-encoding': 'gzip',
          'if-none-match': String(res.headers.etag),
        });
        expect(again.status).toBe(304);
      });

      it('passes pages through from Wenku with their encoding, Vary and 304', async () => {
        const res = await raw('/', { 'accept-encoding': 'br, gzip' });
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(res.body).toString()).toBe(page);
        expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(res.headers['cache-control']).toBe('no-cache');
        const again = await raw('/', { 'accept-encoding': 'br, gzip', 'if-none-match': String(res.headers.etag) });
        expect(again.status).toBe(304);
      });

      it('forwards the API and compresses its JSON', async () => {
        const res = await raw('/api/v1/settings', { 'accept-encoding': 'gzip' });
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(JSON.parse(gunzipSync(res.body).toString())).toHaveProperty('system');
        // nginx hands Wenku its $request_id: one id in both logs; Caddy's answer carries Wenku's own
        expect(String(res.headers['x-request-id'])).toMatch(proxy.command === 'nginx' ? /^[0-9a-f]{32}$/ : /^[\w.:-]{8,64}$/);
        const missing = await raw('/api/v1/nothing', {});
        expect(missing.status).toBe(404);
        expect(JSON.parse(missing.body.toString()).code).toBe(5);
      });
    },
  );
}
