// Serving benchmark: node scripts/bench-static.ts [--docs 200] [--seconds 5] [--rounds 3] [--rebuild]
// Builds the site once against a server holding a small generated data set (kept under
// data/bench/site-<docs>/), compresses it the way a site build does (timed), then measures a
// pre-rendered document page and a hashed script at 50 connections, the server beside nginx
// (one worker, like the one server process) serving the same tree with gzip_static, and Node's own
// HTTP server sending the same file from memory beside both: the most a Node server can reach here.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { precompressSite } from '../src/server/site/precompress.ts';
import { freePort, hasCommand, startBenchServer, startNode, waitFor, wrkPair } from './bench/http.ts';
import { benchBuildToken, benchDatabase } from './bench/prepare.ts';
import { emit } from './bench/table.ts';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const docs = opt('docs', 200);
const seconds = opt('seconds', 5);
const rounds = opt('rounds', 3);
const group = '静态文件';
const log = (m: string) => console.log(`[static] ${m}`);
for (const cmd of ['wrk', 'nginx']) {
  if (!hasCommand(cmd)) {
    console.error(`需要 ${cmd}：bash scripts/install-system-deps.sh --bench`);
    process.exit(2);
  }
}

const work = mkdtempSync(join(tmpdir(), 'wenku-bench-static-'));
/** Headers of one connection, not of the answer: the bare server's Node writes its own. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Runs `measure` against a bare Node server sending `file` (bare-static.ts; `headersFile`: the headers it sends), then stops it. */
async function withBare<T>(file: string, type: string, headersFile: string | null, measure: (url: string) => T): Promise<T> {
  const port = await freePort();
  const bare = await startNode(
    ['scripts/bench/bare-static.ts', file, type, String(port), ...(headersFile ? [headersFile] : [])],
    {},
  );
  try {
    return measure(`http://127.0.0.1:${port}/`);
  } finally {
    await bare.stop();
  }
}
const site = resolve(`data/bench/site-${docs}`);
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));

try {
  const url = await benchDatabase('sqlite', docs, log);
  if (argv.includes('--rebuild') || !existsSync(join(site, 'index.html'))) {
    rmSync(site, { recursive: true, force: true });
    const api = await startBenchServer(url, work, join(work, 'none'));
    const token = await benchBuildToken(url);
    try {
      log(`构建站点（${docs} 篇文档）…`);
      const status = await new Promise<number | null>((done) => {
        spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], {
          stdio: ['ignore', 'ignore', 'inherit'],
          env: {
            ...process.env,
            WENKU_API: api.base,
            WENKU_BUILD_TOKEN: token,
            WENKU_OUT_DIR: site,
            ASTRO_TELEMETRY_DISABLED: '1',
          },
        }).on('close', done);
      });
      if (status !== 0) throw new Error(`astro build 失败（${status}）`);
    } finally {
      await api.stop();
    }
  }

  // compressed from scratch, as after a build
  for (const f of files(site)) if (/\.(br|gz)$/.test(f)) rmSync(f);
  const t0 = performance.now();
  const packed = await precompressSite(site);
  emit({
    group,
    figure: `构建后预压缩（${packed.files} 个文件，brotli + gzip）`,
    value: (performance.now() - t0) / 1000,
    unit: 's',
    higherIsBetter: false,
  });

  const all = files(site).map((f) => relative(site, f));
  const page = all.filter((f) => /^library\/.+\.html$/.test(f) && !f.endsWith('fallback.html')).sort()[0] ?? 'index.html';
  const script = all
    .filter((f) => /^_astro\/.+\.js$/.test(f))
    .map((f) => ({ f, size: statSync(join(site, f)).size }))
    .filter((x) => x.size < 300_000)
    .sort((a, b) => b.size - a.size)[0].f;

  const server = await startBenchServer(url, work, site);
  const nginxPort = await freePort();
  const ngx = join(work, 'nginx');
  mkdirSync(ngx);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${join(ngx, t)};`).join(' ');
  writeFileSync(
    join(ngx, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${join(ngx, 'nginx.pid')};
error_log ${join(ngx, 'error.log')};
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types; access_log off; sendfile on; tcp_nopush on; ${temp}
  server {
    listen 127.0.0.1:${nginxPort}; root ${site}; gzip_static on; etag on;
    location / { try_files $uri $uri.html $uri/index.html =404; }
  }
}
`,
  );
  const nginx = spawn('nginx', ['-p', ngx, '-c', join(ngx, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  try {
    const ours = server.base;
    const theirs = `http://127.0.0.1:${nginxPort}`;
    await waitFor(theirs);
    for (const [label, path] of [
      ['预渲染的文档页面', `/${page.replace(/\.html$/, '')}`],
      ['带哈希的脚本', `/${script}`],
    ] as const) {
      const answered: string[] = [];
      for (const base of [ours, theirs]) {
        const res = await fetch(base + path, { headers: { 'accept-encoding': 'gzip' } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${base}${path} 返回 ${res.status}`);
        if (base === ours) for (const [k, v] of res.headers) if (!PER_CONNECTION.has(k)) answered.push(k, v);
      }
      const gz = wrkPair(ours + path, theirs + path, { headers: { 'accept-encoding': 'gzip' }, seconds, rounds });
      log(`${label} ${path}：${gz.ours.toFixed(0)} req/s，nginx ${gz.anchor.toFixed(0)} req/s`);
      const file = join(site, `${path.startsWith('/_astro/') ? path.slice(1) : page}.gz`);
      const headersFile = join(work, 'headers.json');
      writeFileSync(headersFile, JSON.stringify(answered));
      const type = path.endsWith('.js') ? 'text/javascript' : 'text/html';
      const node = await withBare(file, type, headersFile, (bareUrl) =>
        wrkPair(ours + path, bareUrl, { headers: { 'accept-encoding': 'gzip' }, seconds, rounds }),
      );
      // how near Node's own HTTP server comes to nginx on this machine: the most any Node server can reach
      const ceiling = await withBare(file, type, null, (bareUrl) =>
        wrkPair(bareUrl, theirs + path, { headers: { 'accept-encoding': 'gzip' }, seconds, rounds }),
      );
      log(`${label} ${path}：${node.ours.toFixed(0)} req/s，裸 Node http 同一答复 ${node.anchor.toFixed(0)} req/s`);
      log(`${label} ${path}：裸 Node http ${ceiling.ours.toFixed(0)} req/s，nginx ${ceiling.anchor.toFixed(0)} req/s`);
      emit({
        group,
        figure: `${label}（gzip）：50 并发，对照 Node 自身`,
        value: node.ours,
        unit: 'req/s',
        higherIsBetter: true,
        anchor: { name: `裸 Node http 从内存发送同一答复（同样的 ${answered.length / 2} 个头与内容）`, value: node.anchor },
        // the goal of the static-file issue: no Node server reaches nginx here (the ceiling row);
        // nginx or Caddy in front serves the build directly (docs/deploy-proxy.md)
        goal: { text: '≥ 0.8×', minRatio: 0.8 },
      });
      emit({
        group,
        figure: `${label}（gzip）：裸 Node http 从内存发送，只带类型、长度、编码三个头，50 并发（Node 服务器的上限）`,
        value: ceiling.ours,
        unit: 'req/s',
        higherIsBetter: true,
        anchor: { name: 'nginx 1 个 worker，gzip_static，同一目录', value: ceiling.anchor },
      });
      emit({
        group,
        figure: `${label}（gzip）：50 并发${gz.failures ? `（${gz.failures} 个请求失败）` : ''}`,
        value: gz.ours,
        unit: 'req/s',
        higherIsBetter: true,
        anchor: { name: 'nginx 1 个 worker，gzip_static，同一目录', value: gz.anchor },
      });
    }
    emit({
      group,
      figure: '服务器内存峰值（RSS）',
      value: server.peakRssMb(),
      unit: 'MB',
      higherIsBetter: false,
      goal: { text: '≤ 300 MB', max: 300 },
    });
  } finally {
    nginx.kill('SIGTERM');
    await server.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
