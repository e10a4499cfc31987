// Server memory during parallel document uploads: starts `src/server/main.ts` (of this checkout, or of
// the one given with --root) on a fresh data directory, sends 8 documents of 48 MB at once and reports
// the server's resident memory before and at its peak. A measurement, not an assertion.
//   node scripts/bench-upload-rss.ts [--root <checkout>] [--files 8] [--mb 48] [--port 8903]
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    root: { type: 'string', default: '.' },
    files: { type: 'string', default: '8' },
    mb: { type: 'string', default: '48' },
    port: { type: 'string', default: '8903' },
  },
});
const root = resolve(opts.root);
const files = Number(opts.files);
const size = Number(opts.mb) * 1024 * 1024;
const port = Number(opts.port);
const password = 'bench-admin-pass';
const dataDir = mkdtempSync(join(tmpdir(), 'wenku-rss-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const server = spawn(process.execPath, [join(root, 'src/server/main.ts')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    WENKU_ADMIN_PASSWORD: password,
    WENKU_SITE_REBUILD: '0',
    WENKU_CONVERTER: '0',
    WENKU_LOG: 'error',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const rssMb = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}${path}`, init);
}

/** Streams the file from disk inside a multipart body: the client holds none of it in memory. */
function upload(token: string, file: string, name: string): Promise<number> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/upload/document',
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    req.on('error', fail);
    req.write(head);
    const body = createReadStream(file);
    body.pipe(req, { end: false });
    body.on('end', () => req.end(tail));
  });
}

try {
  for (let i = 0; ; i++) {
    if (
      await call('/api/v1/settings').then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 300) throw new Error('server did not start');
    await sleep(200);
  }
  // captchas off for the scripted login (the server rereads settings within two seconds)
  const db = new DatabaseSync(join(dataDir, 'wenku.db'));
  db.exec("update configs set value = 'false' where category = 'security' and name like 'enable_captcha_%'");
  db.close();
  await sleep(2500);
  const login = await call('/api/v1/user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const { token } = (await login.json()) as { token: string };
  if (!token) throw new Error(`login failed: ${login.status}`);

  const paths = Array.from({ length: files }, (_, i) => {
    const p = join(dataDir, `upload-${i}.txt`);
    writeFileSync(p, Buffer.alloc(size, `document ${i} line of text\n`));
    return p;
  });
  await sleep(1000);
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 20);
  const started = Date.now();
  const statuses = await Promise.all(paths.map((p, i) => upload(token, p, `doc-${i}.txt`)));
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  console.log(
    `${root}: ${files} × ${opts.mb} MB in parallel in ${seconds.toFixed(1)} s, statuses ${[...new Set(statuses)].join(',')}`,
  );
  console.log(`server RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)`);
} finally {
  server.kill('SIGTERM');
  await sleep(500);
  rmSync(dataDir, { recursive: true, force: true });
}
