import { expect } from 'vitest';
import type { TestApp } from './app.ts';

/** What the checks use of a started app. */
export type Answering = Pick<TestApp, 'call' | 'login'>;

/**
 * What a site holds at each migration level, as plain SQL written against that level's tables (so
 * it never depends on today's code): the upgrade test grows a database migration by migration and
 * inserts each level's rows right after that level's migration, as a site written by that version
 * would hold them. `check` shows the rows through the API after the upgrade to the latest level;
 * it runs for every fixture at or above its level. Levels that add no table hold no new rows.
 *
 * Statements are portable (SQLite and PostgreSQL): ids are left to the database (a PostgreSQL
 * sequence would not follow an explicit id) and found again by a unique column.
 */
export interface FixtureLevel {
  sql: string[];
  check?: (app: Answering) => Promise<void>;
}

export const FIXTURE_PASSWORDS = { admin: 'fixture-admin-1', reader: 'fixture-reader-1' };

// argon2id hashes of FIXTURE_PASSWORDS (as the version of that level stored them)
const ADMIN_HASH = '$argon2id$v=19$m=19456,t=2,p=1$6LSVsDw9J4MFLRuorc4mmQ$5C6kFYr5pntoif/bBXIeGqBQotRxg0Qm0XONe+1UCfo';
const READER_HASH = '$argon2id$v=19$m=19456,t=2,p=1$kGkHlDa14vEx0/rBG9SyIQ$2I/PaVc/9JHnsss/bm2wTKPI73TcC17tg8uYrcYRL90';

const AT = "'2024-03-01T08:00:00.000Z'";
const id = (table: string, where: string) => `(select id from ${table} where ${where})`;
const READER = id('users', "username = 'OldReader'");
const FREE_DOC = id('documents', "uuid = 'fixture-doc-free'");

export const PAGES = ['第一页：升级测试文档的公开内容。', '第二页：只给付费读者的内容。', '第三页：结束。'];

const config = (category: string, name: string, value: string) =>
  `insert into configs (category, name, label, value, placeholder, input_type, options, sort, col_num, is_secret, created_at, updated_at)
   values ('${category}', '${name}', '${name}', '${value}', '', 'text', '', 0, 0, 0, ${AT}, ${AT})`;

const pages = (hash: string) =>
  PAGES.map((text, i) => `insert into document_pages (hash, page, text) values ('${hash}', ${i + 1}, '${text}')`);

const document = (uuid: string, title: string, hash: string, price: number, preview: number) =>
  `insert into documents (uuid, title, keywords, description, preview_ext, ext, language, hash, convert_error, lease_owner,
     user_id, width, height, pages, preview, enable_gzip, download_count, view_count, favorite_count, comment_count, score,
     score_count, price, status, attachment_id, deleted_user_id, convert_attempts, size, created_at, updated_at, converted_at)
   values ('${uuid}', '${title}', '升级', '', '.svg', '.pdf', 'zh', '${hash}', '', '', ${READER}, 595, 842, 3, ${preview}, 0,
     0, 0, 0, 1, 0, 0, ${price}, 2, 0, 0, 0, 4096, ${AT}, ${AT}, ${AT})`;

const ok = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as any;
};

export const LEVELS: Record<string, FixtureLevel> = {
  '001_foundation': {
    sql: [
      `insert into groups (title, color, description, is_default, is_display, user_count, sort, enable_upload,
         enable_document_review, enable_comment, enable_comment_approval, enable_article, enable_article_approval, created_at, updated_at)
       values ('超级管理员', '', '系统超级管理员', 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, ${AT}, ${AT}),
              ('普通用户', '', '普通用户', 1, 1, 1, 0, 1, 0, 1, 0, 1, 0, ${AT}, ${AT})`,
      ...[
        ['admin', ADMIN_HASH, 0],
        ['OldReader', READER_HASH, 30],
      ].map(
        ([name, hash, credit]) =>
          `insert into users (username, password, email, mobile, address, signature, avatar, identity, realname, remark,
             last_login_ip, register_ip, doc_count, follow_count, fans_count, favorite_count, comment_count, article_count,
             credit_count, created_at, updated_at)
           values ('${name}', '${hash}', '${name}@example.com', '', '', '', '', '', '', '', '', '', 0, 0, 0, 0, 0, 0, ${credit}, ${AT}, ${AT})`,
      ),
      `insert into user_groups (user_id, group_id, created_at) values
         (${id('users', "username = 'admin'")}, ${id('groups', "title = '超级管理员'")}, ${AT}),
         (${READER}, ${id('groups', "title = '普通用户'")}, ${AT})`,
      config('system', 'sitename', '升级测试站'),
      // the old site had turned the captcha off: the value is kept, so the test signs in without one
      config('security', 'enable_captcha_login', 'false'),
      `insert into categories (title, cover, icon, description, parent_id, doc_count, sort, enable, show_description, type, created_at, updated_at)
       values ('老分类', '', '', '', 0, 2, 10, 1, 0, 0, ${AT}, ${AT})`,
      `insert into credit_logs (reason, ref_type, user_id, amount, balance, ref_id, created_at)
       values ('注册奖励', '', ${READER}, 30, 30, 0, ${AT})`,
    ],
    async check(app) {
      expect(ok(await app.call({ url: '/api/v1/settings' })).system.sitename).toBe('升级测试站');
      // the name as typed then, and folded (the username keys of 011)
      await app.login('admin', FIXTURE_PASSWORDS.admin);
      const token = await app.login('oldreader', FIXTURE_PASSWORDS.reader);
      const me = ok(await app.call({ url: '/api/v1/user', token }));
      expect(me).toMatchObject({ username: 'OldReader', credit_count: 30 });
      const categories = ok(await app.call({ url: '/api/v1/category/list?type=0' })).category;
      expect(categories.map((c: { title: string }) => c.title)).toContain('老分类');
    },
  },
  '002_documents': {
    sql: [
      document('fixture-doc-free', '升级测试文档', 'fixturehashfree', 0, 0),
      // paid with one preview page: migration 006 writes its description from page 1 alone
      document('fixture-doc-paid', '升级付费文档', 'fixturehashpaid', 5, 1),
      ...pages('fixturehashfree'),
      ...pages('fixturehashpaid'),
      `insert into document_categories (document_id, category_id, created_at)
       select d.id, c.id, ${AT} from documents d, categories c where c.title = '老分类'`,
    ],
    async check(app) {
      const list = ok(await app.call({ url: '/api/v1/document/list?size=10' })).document;
      const titles = list.map((d: { title: string }) => d.title);
      expect(titles).toEqual(expect.arrayContaining(['升级测试文档', '升级付费文档']));
      const paid = list.find((d: { title: string }) => d.title === '升级付费文档');
      expect(paid.description).toBe(PAGES[0]);
      // migration 033 copied the documents' list columns onto these old links: the category pages by them
      const categories = ok(await app.call({ url: '/api/v1/category/list?type=0' })).category;
      const old = categories.find((c: { title: string }) => c.title === '老分类');
      const byViews = ok(
        await app.call({ url: `/api/v1/document/list?size=1&page=2&order=view_count%20desc&category_id=${old.id}` }),
      );
      expect(byViews.total).toBe(2);
      expect(byViews.document).toHaveLength(1);
    },
  },
  '003_articles': {
    sql: [
      `insert into categories (title, cover, icon, description, parent_id, doc_count, sort, enable, show_description, type, created_at, updated_at)
       values ('老文章分类', '', '', '', 0, 0, 0, 1, 0, 1, ${AT}, ${AT})`,
      `insert into articles (identifier, author, title, keywords, description, content, reject_reason, user_id, view_count,
         favorite_count, comment_count, status, deleted_user_id, created_at, updated_at)
       values ('fixture-article', '站长', '升级测试文章', '', '一篇旧文章', '<p>旧文章的正文</p>', '', 1, 0, 0, 0, 1, 0, ${AT}, ${AT})`,
      `insert into article_categories (article_id, category_id, created_at)
       values (${id('articles', "identifier = 'fixture-article'")}, ${id('categories', "title = '老文章分类'")}, ${AT})`,
    ],
    async check(app) {
      const list = ok(await app.call({ url: '/api/v1/article/list?size=10' })).article;
      expect(list.map((a: { title: string }) => a.title)).toContain('升级测试文章');
    },
  },
  '004_comments': {
    sql: [
      `insert into comments (content, ip, parent_id, document_id, type, status, comment_count, user_id, created_at, updated_at)
       values ('旧版本留下的评论', '127.0.0.1', 0, ${FREE_DOC}, 0, 1, 0, ${READER}, ${AT}, ${AT})`,
    ],
    async check(app) {
      const doc = ok(await app.call({ url: '/api/v1/document/list?size=10' })).document.find(
        (d: { title: string }) => d.title === '升级测试文档',
      );
      const comments = ok(await app.call({ url: `/api/v1/comment/list?document_id=${doc.id}&type=0` })).comment;
      expect(comments.map((c: { content: string }) => c.content)).toContain('旧版本留下的评论');
    },
  },
  '014_money': {
    sql: [
      `insert into orders (user_id, order_type, product_id, quantity, price, coupon_amount, amount, credit, status, payment_type,
         user_deleted, order_no, product_uuid, product_name, trade_no, remark, ip, created_at, updated_at, paid_at)
       values (${READER}, 1, ${FREE_DOC}, 1, 500, 0, 500, 0, 2, 1, 0, 'FIXTURE0001', 'fixture-doc-free', '升级测试文档', 'T1', '',
         '127.0.0.1', ${AT}, ${AT}, ${AT})`,
      `insert into user_signs (user_id, award, sign_day, ip, created_at) values (${READER}, 1, '2024-03-01', '127.0.0.1', ${AT})`,
    ],
    async check(app) {
      const token = await app.login('OldReader', FIXTURE_PASSWORDS.reader);
      const orders = ok(await app.call({ url: '/api/v1/user/order', token })).order;
      expect(orders.map((o: { order_no: string }) => o.order_no)).toContain('FIXTURE0001');
    },
  },
  '016_notifications': {
    sql: [
      `insert into notifications (kind, title, content, user_id, target_id, created_at, updated_at)
       values ('comment', '旧通知', '升级前的通知', ${READER}, 0, ${AT}, ${AT})`,
    ],
    async check(app) {
      const token = await app.login('OldReader', FIXTURE_PASSWORDS.reader);
      const list = ok(await app.call({ url: '/api/v1/notification/list', token }));
      expect(JSON.stringify(list)).toContain('旧通知');
    },
  },
};
