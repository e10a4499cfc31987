// Edit to live: the server as `npm start` runs it (src/server/main.ts, its site builder on) on the
// benchmark's database and rendered site; an admin renames documents through the API, and each
// rename is timed until the document's pre-rendered page, fetched from that server, shows it. Then
// the long tail: the oldest document's page, which a site past MAX_PRERENDERED_DOCUMENTS lacks
// (below that size its files are deleted first), is asked for once and timed until the server
// answers it with the static page instead of the shell.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_API_BASE } from '../../src/api/base.ts';
import { documentList, documentUpdate } from '../../src/api/generated/document.ts';
import { MAX_PRERENDERED_DOCUMENTS } from '../../src/build/documents.ts';
import { configSet } from '../../src/cli/config.command.ts';
import { escapeHtml } from '../../src/domain/html.ts';
import { openDatabase } from '../../src/server/db/db.ts';
import { syncIndex } from '../../src/server/search/sync.ts';
import { documentUrl } from '../../src/domain/urls.ts';
import { freePort, get, START_FLAGS, startNode } from './http.ts';
import { childrenRssMb } from './memory.ts';
import { sessionToken } from './session.ts';

export interface EditToLive {
  /** server start until its renderer is ready for changes, s */
  warmSeconds: number;
  /** each rename until its page showed it, s */
  seconds: number[];
  /** the server and its renderer after the renames, MB */
  rssMb: number;
  /** the renderer's own time of each batch it rendered (its log lines), s */
  renderSeconds: number[];
  /** the first request of a page the site lacks until the server answers the static page, s */
  longTailSeconds: number;
}

const RENDERED = /站点增量更新（未整站构建）：渲染 \d+ 页.*?用时 ([\d.]+) 秒/g;

interface Listed {
  total: number;
  document: Array<{ id: number; uuid: string; title: string; category_id: number[] }>;
}

// the renderer loads the compiled pages and the build data of every document at start
const WARM_TIMEOUT_MS = 60 * 60_000;
const LIVE_TIMEOUT_MS = 120_000;
const POLL_MS = 25;

export async function editToLive(databaseUrl: string, dataDir: string, edits = 3): Promise<EditToLive> {
  const token = await sessionToken(databaseUrl, 'admin');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = `${base}${DEFAULT_API_BASE}`;
  const listed = async (page: number) => JSON.parse((await get(`${api}${documentList.path}?page=${page}&size=1`)).body) as Listed;
  // a restart, as the ready figure means: a first start on a database without its search index builds it
  // on the server's main thread, and the renderer's reads wait behind it
  const db = openDatabase(databaseUrl);
  try {
    await syncIndex(db);
    // a bench data set is no site to back up: the day's scheduled backup, which a server catches up
    // on at its first start of the day, ran under the readiness wait and the first rename (644 MB,
    // 31 s; that rename 7.57 s against 1.33 and 1.51 s, 2026-11-30)
    await configSet(db, 'backup.enable', 'false', async () => undefined);
  } finally {
    await db.destroy();
  }
  const t0 = performance.now();
  const server = await startNode(
    [...START_FLAGS, 'src/server/main.ts'],
    { DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WENKU_CONVERTER: '0' },
    { ready: 'Wenku 已启动', timeoutMs: WARM_TIMEOUT_MS },
  );
  try {
    await server.printed('站点渲染器已就绪', WARM_TIMEOUT_MS);
    const warmSeconds = (performance.now() - t0) / 1000;
    const rename = async (id: number, title: string) => {
      const res = await fetch(`${api}${documentUpdate.path}`, {
        method: documentUpdate.method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ id, title }),
      });
      if (!res.ok) throw new Error(`改名失败：${res.status} ${await res.text()}`);
    };
    const shows = async (path: string, title: string) =>
      (await get(`${base}${path}`)).body.includes(`<title>${escapeHtml(title)} - `);
    const live = async (path: string, title: string) => {
      const until = performance.now() + LIVE_TIMEOUT_MS;
      while (!(await shows(path, title))) {
        if (performance.now() > until) throw new Error(`${path} 在 ${LIVE_TIMEOUT_MS / 1000} 秒内没有显示新标题`);
        await sleep(POLL_MS);
      }
    };
    const seconds: number[] = [];
    const { total } = await listed(1);
    for (let i = 0; i < edits; i++) {
      // documents spread over the newest-first list of those the site pre-renders: the first, and deeper ones
      const page = 1 + Math.floor((i * (Math.min(total, MAX_PRERENDERED_DOCUMENTS) - 1)) / edits);
      const [doc] = (await listed(page)).document;
      const path = documentUrl(doc);
      const title = `${doc.title}（改${i + 1}）`;
      const t = performance.now();
      await rename(doc.id, title);
      await live(path, title);
      seconds.push((performance.now() - t) / 1000);
      // the data set is kept for later runs: its title back, live again before the server stops
      await rename(doc.id, doc.title);
      await live(path, doc.title);
    }
    const [oldest] = (await listed(total)).document;
    const oldestPath = documentUrl(oldest);
    for (const ext of ['', '.br', '.gz']) rmSync(join(dataDir, 'site', 'current', `${oldestPath}.html${ext}`), { force: true });
    const t = performance.now();
    await get(`${base}${oldestPath}`);
    await live(oldestPath, oldest.title);
    const longTailSeconds = (performance.now() - t) / 1000;
    const renderSeconds = [...server.output().matchAll(RENDERED)].map((m) => Number(m[1]));
    return { warmSeconds, seconds, rssMb: childrenRssMb(), renderSeconds, longTailSeconds };
  } finally {
    await server.stop();
  }
}
