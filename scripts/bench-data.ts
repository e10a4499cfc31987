// `npm run bench:data -- --docs 100000 [--database sqlite:<file> | postgres://…] [--reset] [--index]`
// Fills a database with a deterministic, realistic data set (see scripts/bench/dataset.ts) that
// the server starts on: DATABASE_URL=<the same URL> npm start. Default database:
// sqlite:data/bench/wenku.db, rewritten from scratch. A PostgreSQL database must be empty, or
// `--reset` drops its schema `public` first. `--index` also builds the full-text index.
import { resolve } from 'node:path';
import { BENCH_PASSWORD } from './bench/dataset.ts';
import { BENCH_ADMIN_PASSWORD, loadDataset } from './bench/load.ts';

const argv = process.argv.slice(2);
const value = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const docs = Number(value('docs') ?? 100_000);
if (!Number.isInteger(docs) || docs < 1) {
  console.error('--docs 必须是正整数');
  process.exit(2);
}
const databaseUrl = value('database') ?? `sqlite:${resolve('data/bench/wenku.db')}`;
const sqlite = databaseUrl.startsWith('sqlite:');
const t0 = performance.now();
try {
  const s = await loadDataset({
    docs,
    databaseUrl,
    reset: sqlite || argv.includes('--reset'),
    index: argv.includes('--index'),
    log: (msg) => console.log(msg),
  });
  console.log(
    `${s.documents} 篇文档（${s.pages} 页文字）、${s.users} 个用户、${s.categories} 个分类、${s.articles} 篇文章、` +
      `${s.comments} 条评论、${s.favorites} 个收藏、${s.downloads} 条下载记录；共用时 ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  console.log(`数据库：${databaseUrl}`);
  console.log(
    `启动：DATABASE_URL=${databaseUrl} npm start（管理员 admin / ${BENCH_ADMIN_PASSWORD}，用户 user000001… / ${BENCH_PASSWORD}）`,
  );
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
