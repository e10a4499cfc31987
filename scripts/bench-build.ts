// Static build benchmark: node scripts/bench-build.ts [documents=1000]
// Starts a real server on a temp SQLite database holding N converted documents (with page text)
// in 10 categories, then times `astro build` against its API and counts the pages written.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrap } from '../src/server/bootstrap.ts';
import { loadConfig } from '../src/server/config.ts';
import { nowIso } from '../src/server/db/dialect.ts';
import { emit } from './bench/table.ts';

const count = Number(process.argv[2] ?? 1000);
const work = mkdtempSync(join(tmpdir(), 'wenku-bench-build-'));
const WORDS = [
  '文库',
  '文档',
  '分享',
  '合同',
  '报告',
  '教程',
  '考试',
  '数学',
  '物理',
  '历史',
  '经济',
  '管理',
  '设计',
  '编程',
  '数据',
];
const phrase = (i: number, n: number) => Array.from({ length: n }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join('');

function countHtml(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) n += countHtml(p);
    else if (e.endsWith('.html')) n++;
  }
  return n;
}

const config = loadConfig({
  DATA_DIR: work,
  PORT: '0',
  WENKU_ADMIN_PASSWORD: 'bench-pass-1',
  WENKU_SITE_REBUILD: '0',
  WENKU_LOG: 'silent',
});
const { app, ctx } = await bootstrap(config);
try {
  const now = nowIso();
  const db = ctx.db;
  const cats: number[] = [];
  for (let c = 0; c < 10; c++) {
    const row = await db
      .insertInto('categories')
      .values({
        parent_id: 0,
        title: `分类${c + 1}`,
        doc_count: 0,
        sort: 0,
        enable: 1,
        cover: '',
        icon: '',
        description: '',
        show_description: 0,
        type: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    cats.push(row.id);
  }
  let t0 = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      const hash = (i + 1).toString(16).padStart(32, '0');
      const doc = await trx
        .insertInto('documents')
        .values({
          uuid: hash.slice(16),
          title: `${phrase(i, 3)}第${i + 1}号`,
          keywords: phrase(i, 2),
          description: phrase(i, 20),
          preview_ext: '.svg',
          ext: '.pdf',
          language: 'zh-CN',
          hash,
          convert_error: '',
          lease_owner: '',
          user_id: 1,
          width: 595,
          height: 842,
          pages: 3,
          preview: 0,
          enable_gzip: 1,
          download_count: i % 50,
          view_count: i % 500,
          favorite_count: 0,
          comment_count: 0,
          score: 300,
          score_count: 0,
          price: i % 5,
          status: 2,
          attachment_id: 0,
          deleted_user_id: 0,
          convert_attempts: 1,
          size: 100_000 + i,
          recommend_at: i % 20 === 0 ? now : null,
          deleted_at: null,
          lease_until: null,
          converted_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('document_categories')
        .values({ document_id: doc.id, category_id: cats[i % cats.length], created_at: now })
        .execute();
      await trx
        .insertInto('document_pages')
        .values([1, 2, 3].map((page) => ({ hash, page, text: phrase(i + page, 60) })))
        .execute();
    }
    for (const id of cats)
      await trx
        .updateTable('categories')
        .set({ doc_count: count / cats.length })
        .where('id', '=', id)
        .execute();
  });
  console.log(`seeded ${count} converted documents in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const out = join(work, 'dist');
  t0 = performance.now();
  // async: this process also serves the API the build reads
  const status = await new Promise<number | null>((done) => {
    const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, WENKU_API: `http://127.0.0.1:${port}`, WENKU_OUT_DIR: out, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    child.on('close', done);
  });
  const secs = (performance.now() - t0) / 1000;
  if (status !== 0) throw new Error(`astro build failed (exit ${status})`);
  const pages = countHtml(out);
  console.log(
    `static build for ${count} documents: ${secs.toFixed(1)} s, ${pages} HTML pages (${((secs / pages) * 1000).toFixed(1)} ms a page)`,
  );
  emit({
    group: '静态构建',
    figure: `astro build，${count} 篇文档（${pages} 个页面）`,
    value: secs,
    unit: 's',
    higherIsBetter: false,
  });
} finally {
  await app.close();
  rmSync(work, { recursive: true, force: true });
}
