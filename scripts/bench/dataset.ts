// A realistic, deterministic data set for benchmarks and scale tests (`npm run bench:data`):
// users, a three-level category tree, documents with page text (as the converter stores it),
// their category links and attachment rows, articles, comments with replies, favourites and
// downloads, with every denormalised counter (category, user, document, comment) consistent.
// It is written into a database that is already migrated and seeded (the normal bootstrap), with
// multi-row INSERTs in transactions; no storage files (lists and search need none).
import { BLANK_PROFILE } from '../../src/domain/user.ts';
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../../src/server/auth/password.ts';
import { dialectOf } from '../../src/server/db/dialect.ts';
import type { DB } from '../../src/server/db/schema.ts';
import { random, type Random } from './random.ts';

export const BENCH_PASSWORD = 'bench-pass-1';
/** Goes up whenever the generated data changes, so that kept benchmark databases are made again. */
export const GENERATOR_VERSION = 1;

export interface DatasetOptions {
  docs: number;
  seed?: number;
  log?: (msg: string) => void;
}

export interface DatasetSummary {
  documents: number;
  pages: number;
  users: number;
  categories: number;
  articles: number;
  comments: number;
  favorites: number;
  downloads: number;
}

// document status: 2 converted dominates, as on a live site
const STATUSES: Array<[status: number, weight: number]> = [
  [2, 88],
  [0, 3],
  [3, 3],
  [4, 2],
  [6, 3],
  [7, 1],
];
const EXTS: Array<[ext: string, weight: number]> = [
  ['.pdf', 40],
  ['.docx', 18],
  ['.doc', 8],
  ['.pptx', 10],
  ['.ppt', 3],
  ['.xlsx', 6],
  ['.xls', 2],
  ['.txt', 8],
  ['.epub', 3],
  ['.mobi', 2],
];
const LANGUAGES: Array<[code: string, weight: number]> = [
  ['zh-CN', 85],
  ['en', 8],
  ['zh-TW', 3],
  ['ja', 2],
  ['ko', 2],
];
const TOP_CATEGORIES = [
  '教育教学',
  '资格考试',
  '行业资料',
  '办公文档',
  '专业论文',
  '生活休闲',
  'IT计算机',
  '经济管理',
  '工程科技',
  '医药卫生',
  '法律法规',
  '文学艺术',
];
const EPOCH = Date.UTC(2020, 0, 1);
const SPAN_DAYS = 5 * 365;

const weighted = <T>(r: Random, table: Array<[T, number]>): T => {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let x = r.next() * total;
  for (const [v, w] of table) if ((x -= w) < 0) return v;
  return table[0][0];
};
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Multi-row INSERTs in slices. SQLite: `values (…), (…)` below its limit of bound parameters.
 * PostgreSQL: one array parameter per column through `unnest`, far quicker to send and parse
 * than thousands of placeholders.
 */
async function insertRows(db: Kysely<DB>, table: keyof DB, rows: Array<Record<string, unknown>>): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]);
  if (dialectOf(db) !== 'postgres') {
    const per = Math.max(1, Math.min(1000, Math.floor(30_000 / columns.length)));
    for (let i = 0; i < rows.length; i += per)
      await db
        .insertInto(table)
        .values(rows.slice(i, i + per))
        .execute();
    return;
  }
  const types = columns.map((c) => (rows.some((r) => typeof r[c] === 'number') ? 'bigint' : 'text'));
  for (let i = 0; i < rows.length; i += 5000) {
    const part = rows.slice(i, i + 5000);
    const arrays = columns.map((c, k) => sql`${part.map((r) => r[c] ?? null)}::${sql.raw(types[k])}[]`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) select * from unnest(${sql.join(arrays)})`.execute(
      db,
    );
  }
}

/** Next free id of a table (rows are written with explicit ids so that links need no read-back). */
async function nextId(
  db: Kysely<DB>,
  table: 'users' | 'categories' | 'documents' | 'attachments' | 'articles' | 'comments',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number>('id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

/** PostgreSQL serial columns do not see explicit ids: move each sequence past the largest id. */
async function syncSequences(db: Kysely<DB>, tables: string[]): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const t of tables) {
    await sql`select setval(pg_get_serial_sequence(${t}, 'id'), coalesce((select max(id) from ${sql.table(t)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

interface Category {
  id: number;
  parent_id: number;
  /** from the top down, itself last */
  path: Category[];
  docs: number;
}

interface Doc {
  id: number;
  status: number;
  live: boolean;
  user: { id: number; doc_count: number };
  leaf: Category;
  price: number;
  comments: number;
  favorites: number;
  downloads: number;
}

export async function generateDataset(db: Kysely<DB>, opts: DatasetOptions): Promise<DatasetSummary> {
  const r = random(opts.seed ?? 20_240_501);
  const log = opts.log ?? (() => undefined);
  const N = opts.docs;
  const pg = dialectOf(db) === 'postgres';
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  if (!pg) await sql`pragma synchronous = off`.execute(db);
  if (!pg) await sql`pragma cache_size = -131072`.execute(db);

  // users: one per 100 documents (at least 20), all in the default group, one shared password
  const userCount = Math.max(20, Math.floor(N / 100));
  const firstUser = await nextId(db, 'users');
  const password = await hashPassword(BENCH_PASSWORD);
  const users = Array.from({ length: userCount }, (_, i) => {
    const when = iso(EPOCH + r.int(0, SPAN_DAYS) * 86_400_000);
    return {
      id: firstUser + i,
      username: `user${String(i + 1).padStart(6, '0')}`,
      password,
      email: `user${i + 1}@example.com`,
      mobile: '',
      ...BLANK_PROFILE,
      signature: r.sentence(r.int(3, 8)),
      last_login_ip: '',
      register_ip: '127.0.0.1',
      credit_count: r.int(0, 500),
      login_at: when,
      created_at: when,
      updated_at: when,
    };
  });
  // a few users upload and comment much more than the rest
  const userOf = () => users[r.zipf(users.length)];

  // category tree: 12 top categories × 4 × 3; a document is linked to a leaf and all its ancestors
  let catId = await nextId(db, 'categories');
  const categories: Category[] = [];
  const catRows: Array<Record<string, unknown>> = [];
  const addCategory = (parent: Category | null, title: string, sort: number, type = 0): Category => {
    const c: Category = { id: catId++, parent_id: parent?.id ?? 0, path: [], docs: 0 };
    c.path = [...(parent?.path ?? []), c];
    catRows.push({
      id: c.id,
      parent_id: c.parent_id,
      title,
      sort,
      enable: 1,
      cover: '',
      icon: '',
      description: '',
      show_description: 0,
      type,
      created_at: iso(EPOCH),
      updated_at: iso(EPOCH),
    });
    categories.push(c);
    return c;
  };
  const leaves: Category[] = [];
  TOP_CATEGORIES.forEach((title, i) => {
    const top = addCategory(null, title, 100 - i);
    for (let j = 1; j <= 4; j++) {
      const mid = addCategory(top, `${title}·${r.word()}`, 10 - j);
      for (let k = 1; k <= 3; k++) leaves.push(addCategory(mid, `${r.word()}${r.word()}`, 10 - k));
    }
  });
  const articleCategories = ['站内公告', '行业资讯', '使用技巧', '精选专题'].map((t, i) => addCategory(null, t, 10 - i, 1));

  // 1. what each document is (status, owner, category…), so that the rows pointing at documents
  // can be drawn first and every counter is known when the document rows are written
  const firstDoc = await nextId(db, 'documents');
  const docs: Doc[] = Array.from({ length: N }, (_, i) => {
    const d: Doc = {
      id: firstDoc + i,
      status: weighted(r, STATUSES),
      live: r.next() >= 0.02,
      user: userOf(),
      leaf: leaves[r.zipf(leaves.length)],
      price: r.next() < 0.7 ? 0 : r.int(1, 20),
      comments: 0,
      favorites: 0,
      downloads: 0,
    };
    if (d.live) {
      for (const c of d.leaf.path) c.docs++;
      d.user.doc_count++;
    }
    return d;
  });
  const publicDocs = docs.filter((d) => d.live && d.status === 2);

  // 2. articles: one per 50 documents
  const articleCount = Math.max(10, Math.floor(N / 50));
  const firstArticle = await nextId(db, 'articles');
  const articles = Array.from({ length: articleCount }, (_, i) => {
    const user = userOf();
    const when = iso(EPOCH + Math.floor((i / articleCount) * SPAN_DAYS * 86_400_000));
    const status = weighted(r, [
      [1, 90],
      [0, 7],
      [2, 3],
    ]);
    const deleted = r.next() < 0.02;
    if (!deleted) user.article_count++;
    const content = Array.from({ length: r.int(3, 8) }, () => `<p>${r.sentence(r.int(30, 80))}</p>`).join('');
    return {
      id: firstArticle + i,
      identifier: `a${(firstArticle + i).toString(36)}${r.hex(6)}`,
      author: user.username,
      user_id: user.id,
      title: r.sentence(r.int(3, 7)).slice(0, -1),
      keywords: [r.word(), r.word()].join(','),
      description: r.sentence(20).slice(0, 120),
      content,
      view_count: r.int(0, 5000),
      favorite_count: 0,
      comment_count: 0,
      status,
      reject_reason: status === 2 ? '内容不符合要求' : '',
      recommend_at: status === 1 && r.next() < 0.05 ? when : null,
      deleted_at: deleted ? when : null,
      deleted_user_id: deleted ? user.id : 0,
      created_at: when,
      updated_at: when,
    };
  });
  const articleLinks = articles.map((a) => ({
    article_id: a.id,
    category_id: r.pick(articleCategories).id,
    created_at: a.created_at,
  }));
  const liveArticles = articles.filter((a) => !a.deleted_at && a.status === 1);

  // 3. comments: one per two documents, 85% on documents (popular ones more), a quarter replies
  const commentCount = publicDocs.length ? Math.floor(N / 2) : 0;
  let commentId = await nextId(db, 'comments');
  const comments: Array<{
    id: number;
    parent_id: number;
    document_id: number;
    type: number;
    content: string;
    status: number;
    comment_count: number;
    user_id: number;
    ip: string;
    created_at: string;
    updated_at: string;
  }> = [];
  const tops = new Map<string, number[]>();
  for (let i = 0; i < commentCount; i++) {
    const article = liveArticles.length && r.next() < 0.15 ? liveArticles[r.zipf(liveArticles.length)] : null;
    const doc = article ? null : publicDocs[r.zipf(publicDocs.length)];
    const key = article ? `a${article.id}` : `d${doc!.id}`;
    let siblings = tops.get(key);
    if (!siblings) tops.set(key, (siblings = []));
    const parent = siblings.length && r.next() < 0.25 ? comments[r.pick(siblings)] : null;
    const user = userOf();
    const status = weighted(r, [
      [1, 90],
      [0, 8],
      [2, 2],
    ]);
    const when = iso(EPOCH + Math.floor((i / commentCount) * SPAN_DAYS * 86_400_000));
    comments.push({
      id: commentId++,
      parent_id: parent?.id ?? 0,
      document_id: article?.id ?? doc!.id,
      type: article ? 1 : 0,
      content: r.sentence(r.int(5, 40)),
      status,
      comment_count: 0,
      user_id: user.id,
      ip: '127.0.0.1',
      created_at: when,
      updated_at: when,
    });
    if (!parent) siblings.push(comments.length - 1);
    if (status === 1) {
      if (article) article.comment_count++;
      else doc!.comments++;
      user.comment_count++;
      if (parent) parent.comment_count++;
    }
  }

  // 4. favourites (one per user and document) and downloads, popular documents more
  const favorites: Array<Record<string, unknown>> = [];
  const seen = new Set<string>();
  for (let i = 0; i < Math.floor(N / 3) && publicDocs.length; i++) {
    const doc = publicDocs[r.zipf(publicDocs.length)];
    const user = userOf();
    if (seen.has(`${user.id}:${doc.id}`)) continue;
    seen.add(`${user.id}:${doc.id}`);
    doc.favorites++;
    user.favorite_count++;
    const when = iso(EPOCH + r.int(0, SPAN_DAYS) * 86_400_000);
    favorites.push({ user_id: user.id, document_id: doc.id, type: 0, created_at: when, updated_at: when });
  }
  const downloads: Array<Record<string, unknown>> = [];
  for (let i = 0; i < Math.floor(N / 2) && publicDocs.length; i++) {
    const doc = publicDocs[r.zipf(publicDocs.length)];
    const when = iso(EPOCH + r.int(0, SPAN_DAYS) * 86_400_000);
    doc.downloads++;
    downloads.push({
      ip: `10.0.${r.int(0, 255)}.${r.int(1, 254)}`,
      user_id: userOf().id,
      document_id: doc.id,
      is_pay: doc.price > 0 ? 1 : 0,
      price: doc.price,
      created_at: when,
      updated_at: when,
    });
  }

  const group = await db.selectFrom('groups').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'users', users);
    await insertRows(
      trx,
      'user_groups',
      users.map((u) => ({ user_id: u.id, group_id: group.id, created_at: u.created_at })),
    );
    // each member's credits come with the ledger row that gave them: 积分明细 adds up to 积分
    await insertRows(
      trx,
      'credit_logs',
      users
        .filter((u) => u.credit_count > 0)
        .map((u) => ({
          user_id: u.id,
          amount: u.credit_count,
          balance: u.credit_count,
          reason: '注册奖励',
          ref_type: 'register',
          ref_id: u.id,
          created_at: u.created_at,
        })),
    );
    await trx
      .updateTable('groups')
      .set((eb) => ({ user_count: eb('user_count', '+', userCount) }))
      .where('id', '=', group.id)
      .execute();
    await insertRows(
      trx,
      'categories',
      catRows.map((c, i) => ({ ...c, doc_count: categories[i].docs })),
    );
    await insertRows(trx, 'articles', articles);
    await insertRows(trx, 'article_categories', articleLinks);
    await insertRows(trx, 'comments', comments);
    await insertRows(trx, 'favorites', favorites);
    await insertRows(trx, 'downloads', downloads);
  });
  log(`用户、分类、文章、评论、收藏、下载已写入（${seconds()} s）`);

  // 5. documents with their pages, category links and attachments, 5,000 per transaction
  const firstAttachment = await nextId(db, 'attachments');
  let pages = 0;
  const SLICE = 5000;
  for (let from = 0; from < N; from += SLICE) {
    const rows: Record<keyof DB, Array<Record<string, unknown>>> = {} as never;
    const push = (t: keyof DB, row: Record<string, unknown>) => (rows[t] ??= []).push(row);
    for (const d of docs.slice(from, from + SLICE)) {
      const i = d.id - firstDoc;
      // ids follow time, as uploads do
      const created = EPOCH + Math.floor((i / N) * SPAN_DAYS * 86_400_000) + r.int(0, 3_600_000);
      const converted = d.status === 2 || d.status === 4;
      const updated = iso(created + (converted ? r.int(60_000, 86_400_000) : 0));
      const when = iso(created);
      const hash = r.hex(32);
      const texts = Array.from({ length: converted ? r.int(1, 6) : 0 }, () => r.sentence(r.int(60, 150)));
      const title = r.sentence(r.int(3, 6)).slice(0, -1);
      const ext = weighted(r, EXTS);
      const size = r.int(10_000, 30_000_000);
      push('documents', {
        id: d.id,
        uuid: r.hex(16),
        title,
        keywords: [r.word(), r.word(), r.word()].join(','),
        description: (texts[0] ?? title).slice(0, 120),
        preview_ext: converted ? '.svg' : '',
        ext,
        language: weighted(r, LANGUAGES),
        hash,
        convert_error: d.status === 3 ? '转换超时' : '',
        lease_owner: '',
        user_id: d.user.id,
        width: converted ? 595 : 0,
        height: converted ? 842 : 0,
        pages: texts.length,
        preview: 0,
        enable_gzip: converted ? 1 : 0,
        download_count: d.downloads * 3,
        view_count: Math.floor((50_000 / (1 + r.zipf(5000))) * r.next()),
        favorite_count: d.favorites,
        comment_count: d.comments,
        score: converted ? r.int(300, 500) : 300,
        score_count: converted ? r.int(0, 30) : 0,
        price: d.price,
        status: d.status,
        attachment_id: firstAttachment + i,
        deleted_user_id: d.live ? 0 : d.user.id,
        convert_attempts: converted ? 1 : 0,
        size,
        recommend_at: d.status === 2 && r.next() < 0.02 ? updated : null,
        deleted_at: d.live ? null : updated,
        lease_until: null,
        converted_at: converted ? updated : null,
        created_at: when,
        updated_at: updated,
      });
      texts.forEach((text, p) => push('document_pages', { hash, page: p + 1, text }));
      pages += texts.length;
      for (const c of d.leaf.path) push('document_categories', { document_id: d.id, category_id: c.id, created_at: when });
      push('attachments', {
        id: firstAttachment + i,
        hash,
        user_id: d.user.id,
        type_id: d.id,
        type: 2,
        enable: 1,
        path: `/documents/${hash}${ext}`,
        name: `${title}${ext}`,
        size,
        width: 0,
        height: 0,
        ext,
        ip: '127.0.0.1',
        description: '',
        created_at: when,
        updated_at: when,
        deleted_at: null,
      });
    }
    await db.transaction().execute(async (trx) => {
      for (const t of ['documents', 'document_pages', 'document_categories', 'attachments'] as const)
        await insertRows(trx, t, rows[t] ?? []);
    });
    log(`文档 ${Math.min(N, from + SLICE)}/${N}（${seconds()} s）`);
  }

  await syncSequences(db, [
    'users',
    'user_groups',
    'categories',
    'documents',
    'document_categories',
    'attachments',
    'articles',
    'article_categories',
    'comments',
    'favorites',
    'downloads',
  ]);
  // what autovacuum does soon after such a load (PostgreSQL 13+ vacuums after many inserts):
  // planner statistics and the visibility map, without which index-only scans read every row
  if (pg)
    await sql`vacuum (analyze) users, categories, documents, document_categories, document_pages, attachments, articles, comments, favorites, downloads`.execute(
      db,
    );
  else await sql`pragma synchronous = normal`.execute(db);
  log(`完成：${N} 篇文档，${pages} 页文字，用时 ${seconds()} s`);
  return {
    documents: N,
    pages,
    users: userCount,
    categories: categories.length,
    articles: articleCount,
    comments: comments.length,
    favorites: favorites.length,
    downloads: downloads.length,
  };
}
