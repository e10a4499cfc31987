import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageUrl } from '../../../src/views/document/reader.ts';
import { fixture } from '../convert/convert.support.ts';
import { fileForm } from '../support/documents.ts';
import { Lines, waitFor } from '../support/wait.ts';

/*
 * The README's quick start, as a new operator runs it: `npm start` (the end of the first command) in a
 * spawned process on a free port (PORT=0), then the operator's steps over HTTP: the admin password from
 * the file the first start wrote, a category, a .docx uploaded and published, converted by the
 * in-process converter (LibreOffice and MuPDF, which the first command's set-up installs). The same run
 * shows what an operator watches: the request's JSON log line and its id carried into the conversion's
 * line, /metrics counting the request and the conversion, and no password or token in the log.
 */
const tools = ['soffice', 'mutool'].filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);

describe.skipIf(tools.length)('the README quick start: npm start converts a .docx over HTTP', () => {
  let dir: string;
  let server: ChildProcess;
  let out = '';
  let base = '';
  const METRICS_TOKEN = 'scrape-token-for-the-test';

  const printed = new Lines();
  type LogLine = Record<string, unknown>;
  const parsed = (line: string): LogLine | undefined => {
    try {
      return line.startsWith('{') ? (JSON.parse(line) as LogLine) : undefined;
    } catch {
      return undefined;
    }
  };
  /** the server's JSON log lines */
  const lines = () => printed.all.map(parsed).filter((l) => l !== undefined);
  /** the first JSON log line that `match`es, come or to come */
  const logLine = async (what: string, match: (line: LogLine) => unknown) =>
    parsed(
      await printed.next((l) => Boolean(match(parsed(l) ?? {})), { what, timeout: 60_000, explain: () => out.slice(-4000) }),
    )!;
  const api = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wenku-quickstart-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dir,
      PORT: '0',
      WENKU_LOG: 'info',
      WENKU_SITE_REBUILD: '0',
      WENKU_METRICS_TOKEN: METRICS_TOKEN,
    };
    delete env.WENKU_ADMIN_PASSWORD;
    delete env.NODE_ENV;
    server = spawn('npm', ['start', '--silent'], { cwd: resolve('.'), env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const keep = (d: Buffer) => {
      out += d.toString();
      printed.write(d);
    };
    server.stdout!.on('data', keep);
    server.stderr!.on('data', keep);
    const { port } = await logLine('the server to listen', (l) => typeof l.port === 'number');
    base = `http://127.0.0.1:${port}`;
  }, 90_000);

  afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('logs in with the written password, uploads a .docx and reads it converted; logs and metrics follow it', async () => {
    const passwordFile = join(dir, 'initial-admin-password');
    expect(existsSync(passwordFile)).toBe(true);
    const password = readFileSync(passwordFile, 'utf8').trim();
    // the operator turns the login captcha off with the CLI, as the README shows, while the server runs
    const cli = spawnSync('npm', ['run', '--silent', 'wenku', '--', 'config', 'set', 'security.enable_captcha_login', 'false'], {
      cwd: resolve('.'),
      env: { ...process.env, DATA_DIR: dir },
      encoding: 'utf8',
    });
    expect(cli.status, cli.stderr).toBe(0);
    // the server sees the CLI's change within a second or two (ConfigStore)
    const token = await waitFor(
      async () => {
        const r = await api('POST', '/api/v1/user/login', undefined, { username: 'admin', password });
        return r.status === 200 && (r.body.token as string);
      },
      { what: 'login without captcha', interval: 150 },
    );

    const cat = await api('POST', '/api/v1/category', token, { title: '快速开始', parent_id: 0, enable: true });
    expect(cat.status).toBe(200);
    const categories = await api('GET', '/api/v1/category/list', token);
    const categoryId = (categories.body.category as Array<{ id: number; title: string }>).find((c) => c.title === '快速开始')!.id;
    const form = await fileForm(fixture('chinese.docx'), '快速开始.docx');
    const up = await fetch(`${base}/api/v1/upload/document`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      body: new Uint8Array(form.payload),
    });
    expect(up.status).toBe(200);
    const attachment = ((await up.json()) as { data: { id: number } }).data.id;
    const published = await api('POST', '/api/v1/document', token, {
      category_id: [categoryId],
      document: [{ title: '快速开始', attachment_id: attachment, price: 0 }],
    });
    expect(published.status).toBe(200);
    const reqId = published.headers.get('x-request-id');
    expect(reqId).toMatch(/^[\w.:-]{8,64}$/);
    const id = published.body.document[0].id as number;

    const doc = await waitFor(
      async () => {
        const r = await api('GET', `/api/v1/document?id=${id}`, token);
        if (r.body.status === 3) throw new Error(`conversion failed: ${r.body.convert_error}`);
        return r.body.status === 2 && r.body;
      },
      { what: 'the conversion', timeout: 120_000, interval: 150, explain: () => out.slice(-4000) },
    );
    expect(doc.pages).toBeGreaterThan(0);
    const page = await fetch(`${base}${pageUrl(doc, 1)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<svg');

    // one JSON line for the publishing request, and its id on the conversion's lines
    const request = lines().find((l) => l.reqId === reqId && l.msg === 'request');
    expect(request).toMatchObject({ method: 'POST', url: '/api/v1/document', route: '/api/v1/document', status: 200 });
    const converted = await logLine('the conversion log line', (l) => l.doc === id && String(l.msg).includes('转换完成'));
    expect(converted.reqId).toBe(reqId);

    // /metrics: refused without the token; with it, the conversion and the requests counted
    expect((await fetch(`${base}/metrics`)).status).toBe(403);
    const metrics = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(/wenku_conversions_total\{format="\.?docx",outcome="converted"\} 1/);
    expect(metrics).toMatch(/wenku_http_requests_total\{route="\/api\/v1\/document",method="POST",status="200"\} 1/);
    expect(metrics).toMatch(/wenku_conversion_duration_seconds_count\{format="\.?docx"\} 1/);

    // never a secret in the log: the admin password, the session token, the metrics token
    for (const secret of [password, token, METRICS_TOKEN]) expect(out).not.toContain(secret);
  }, 180_000);
});
