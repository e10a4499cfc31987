import { execFile, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { importMoredoc } from '../../../src/server/import/moredoc/run.ts';
import type { TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart, type StartOptions } from '../support/fixture.ts';
import { buildMoredocSite, MYSQL_ADMIN, mysqlAvailable, type MoredocSite } from '../support/moredoc-site.ts';

const run = promisify(execFile);
const available = await mysqlAvailable();
if (!available) {
  console.warn(
    `[import.moredoc] 跳过 moredoc 导入测试：${MYSQL_ADMIN} 上没有可用的 MariaDB/MySQL（.ci/run 会先启动 MariaDB；也可用 MOREDOC_TEST_MYSQL 指定）`,
  );
}

const SLOW = 180_000;
const TABLES = [
  'users',
  'groups',
  'user_groups',
  'group_permissions',
  'categories',
  'documents',
  'document_categories',
  'document_pages',
  'attachments',
  'document_scores',
  'favorites',
  'downloads',
  'comments',
  'reports',
  'articles',
  'article_categories',
  'banners',
  'friendlinks',
  'navigations',
  'advertisements',
  'punishments',
  'languages',
  'configs',
  'credit_logs',
  'search_records',
  'search_entries',
] as const;

/** A fresh installation, no one signed in yet (skipped without MariaDB/MySQL). */
const FRESH: StartOptions = { admin: false, member: false, skip: !available };
/** The blocks that run the real command in its own process, as an operator does on a new installation. */
const sqliteOnly = "the command imports into the data folder's default database; the block above imports into PostgreSQL";

/** A moredoc site of the block's own in MariaDB, dropped when the block's app closes. */
async function moredocSite(t: TestApp): Promise<MoredocSite> {
  const site = await buildMoredocSite();
  t.closeWith({ close: () => site.drop() });
  return site;
}

/** Row counts of every table the import writes, the configs' values, and the stored files. */
async function snapshot(t: TestApp) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    // the test's own searches are logged in batches a second later (search/records.ts); a second import
    // copying the imported records again shows in its 已复制 counts
    if (table === 'search_records') continue;
    counts[table] = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.ctx.db)).rows[0].n);
  }
  const configs = await t.ctx.db.selectFrom('configs').select(['category', 'name', 'value']).orderBy('id').execute();
  const files: string[] = [];
  const walk = (dir: string) => {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(`${relative(t.dataDir, p)}:${statSync(p).size}`);
    }
  };
  walk(join(t.dataDir, 'files'));
  return { counts, configs, files: files.sort() };
}

describeEachDialect('moredoc import on %s', FRESH, (dialect) => {
  let site: MoredocSite;
  let t: TestApp;

  /**
   * SQLite: the real command in its own process. PostgreSQL: the same import function in this
   * process (the test app's database lives in a schema of its own).
   */
  const importSite = async (...flags: string[]): Promise<string> => {
    if (dialect === 'sqlite') {
      const args = [
        'src/cli/wenku.ts',
        'import',
        'moredoc',
        '--mysql',
        site.url,
        '--files',
        site.files,
        '--timezone',
        'Asia/Shanghai',
        ...flags,
      ];
      const out = await run(process.execPath, args, {
        env: { ...process.env, DATA_DIR: t.dataDir, WENKU_SITE_REBUILD: '0' },
        timeout: SLOW,
      });
      return out.stdout;
    }
    const lines: string[] = [];
    const opts = {
      mysql: site.url,
      files: site.files,
      prefix: 'mnt_',
      timezone: 'Asia/Shanghai',
      dryRun: flags.includes('--dry-run'),
      merge: flags.includes('--merge'),
    };
    await importMoredoc(t.ctx.db, t.ctx.storage, opts, (l) => lines.push(l));
    t.ctx.settings.invalidate();
    return lines.join('\n');
  };

  onStart(async (started) => {
    ({ t } = started);
    site = await moredocSite(t);
  });

  it(
    'a dry run reports what it would copy and every problem, and writes nothing',
    async () => {
      const before = await snapshot(t);
      const out = await importSite('--dry-run');
      expect(out).toContain('预演报告');
      expect(out).toContain('用户：moredoc 中 5，将复制 5');
      expect(out).toContain('文档：moredoc 中 7，将复制 7');
      expect(out).toMatch(/【缺少文件】1 处\n\s+- 附件 5「文件丢失的文档.pdf」/);
      expect(out).toContain('文档 6「状态奇怪的文档」状态为 9');
      expect(out).toContain('用户 7「dave」的密码需要重置');
      expect(out).toContain('文档 5 的 uuid「0123456789abcdef」重复');
      expect(out).toContain('ssr.enable');
      expect(await snapshot(t)).toEqual(before);
    },
    SLOW,
  );

  it(
    'copies the site: old passwords log in and are rehashed, documents sit in their categories with their pages',
    async () => {
      const out = await importSite();
      expect(out).toContain('===== 导入报告 =====');
      expect(out).toContain('文档：moredoc 中 7，已复制 7');

      // the moredoc password logs in; the stored hash becomes argon2 and still works
      const alice = await t.login('alice', site.facts.passwords.alice);
      expect(alice).toBeTruthy();
      const stored = await t.ctx.db
        .selectFrom('users')
        .select('password')
        .where('username', '=', 'alice')
        .executeTakeFirstOrThrow();
      expect(stored.password.startsWith('$argon2')).toBe(true);
      await t.login('alice', site.facts.passwords.alice);
      expect(
        (await t.call({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'alice', password: 'wrong-pass' } }))
          .status,
      ).toBe(400);
      // moredoc's root (user 1) replaces Wenku's admin, with its moredoc password
      const admin = await t.login('admin', site.facts.passwords.admin);
      expect(
        (await t.call({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'carol', password: '' } })).status,
      ).toBe(400);

      // the library lists the converted documents of a category (and its subcategories)
      const inTs = await t.call({ url: '/api/v1/document/list?category_id=3' });
      expect(inTs.body.document.map((d: any) => d.id)).toEqual([1]);
      const inTech = await t.call({ url: '/api/v1/document/list?category_id=1&size=20' });
      expect(inTech.body.document.map((d: any) => d.id).sort()).toEqual([1, 5, 7]);
      const cats = await t.ctx.db
        .selectFrom('categories')
        .select(['id', 'parent_id', 'title', 'type', 'doc_count'])
        .orderBy('id')
        .execute();
      expect(cats.map((c) => [c.id, c.parent_id, c.title, c.type, c.doc_count])).toEqual([
        [1, 0, '技术', 0, 3],
        [2, 1, '编程', 0, 1],
        [3, 2, 'TypeScript', 0, 1],
        [4, 0, '文学', 0, 1],
        [5, 0, '站内公告', 1, 1],
      ]);

      // a document page: its category path and its pages (gzip SVG repaired into complete gzip files)
      const doc = (await t.call({ url: '/api/v1/document?id=1' })).body;
      expect(doc).toMatchObject({
        title: '文库测试文档',
        pages: 8,
        preview_ext: '.svg',
        enable_gzip: true,
        attachment: { hash: site.facts.pdfHash },
      });
      expect(doc.category.map((c: any) => c.id)).toEqual([1, 2, 3]);
      // moredoc's address of the page, /document/<uuid>, leads to Wenku's, under the deepest category
      const moredocLink = await t.call({ url: `/document/${doc.uuid}` });
      expect([moredocLink.status, moredocLink.headers.location]).toEqual([301, `/library/3/${doc.uuid}`]);
      for (let n = 1; n <= 8; n++) {
        const page = await t.app.inject({ url: `/view/page/${site.facts.pdfHash}/${n}.gzip.svg` });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(page.rawPayload).toString()).toContain(`第 ${n} 页`);
      }
      expect((await t.app.inject({ url: `/view/cover/${site.facts.pdfHash}` })).statusCode).toBe(200);
      const webp = (await t.call({ url: '/api/v1/document?id=2' })).body;
      expect(webp).toMatchObject({ preview_ext: '.webp', price: 5 });
      expect(webp.enable_gzip ?? false).toBe(false); // moredoc set it on a WebP document: gzip only ever applies to SVG
      const webpPage = await t.app.inject({ url: `/view/page/${site.facts.docxHash}/2.webp` });
      expect([webpPage.statusCode, webpPage.headers['content-type']]).toEqual([200, 'image/webp']);
      // moredoc's same-file shortcut left this one naming .svg without gzip: the pages on disk decide
      expect((await t.call({ url: '/api/v1/document?id=5' })).body).toMatchObject({
        preview_ext: '.svg',
        enable_gzip: true,
        preview: 3,
      });

      // counts match the source; counters are recomputed from the rows
      const mdCount = async (table: string, where = '1') =>
        Number((await site.query(`select count(*) as n from mnt_${table} where ${where}`))[0].n);
      const count = async (table: (typeof TABLES)[number], where = sql`1 = 1`) =>
        Number(
          (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(t.ctx.db)).rows[0].n,
        );
      for (const [wenku, moredoc] of [
        ['users', 'user'],
        ['documents', 'document'],
        ['categories', 'category'],
        ['comments', 'comment'],
        ['favorites', 'favorite'],
        ['downloads', 'download'],
        ['document_scores', 'document_score'],
        ['reports', 'report'],
        ['banners', 'banner'],
        ['friendlinks', 'friendlink'],
        ['advertisements', 'advertisement'],
        ['punishments', 'punishment'],
        ['search_records', 'search_record'],
        ['attachments', 'attachment'],
        ['document_categories', 'document_category'],
      ] as const) {
        expect([wenku, await count(wenku)]).toEqual([wenku, await mdCount(moredoc)]);
      }
      expect(await count('articles', sql`id in (1, 2, 3)`)).toBe(await mdCount('article'));
      expect(await count('documents', sql`deleted_at is not null`)).toBe(await mdCount('document', 'deleted_at is not null'));
      // (searches below add search records)
      // search finds words of the page texts: extracted from the PDF, and moredoc's own text of the docx
      const quantum = await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent(site.facts.docxWord)}` });
      expect(quantum.body.document.map((d: any) => d.id)).toEqual([2]);
      // the fixture PDF has this pair on page 7 only
      const pdfWord = await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent('量子纠缠')}` });
      expect(pdfWord.body.document.map((d: any) => d.id)).toContain(1);
      expect(pdfWord.body.document.find((d: any) => d.id === 1).hit_pages).toEqual([7]);

      const recycle = await t.call({ url: '/api/v1/document/recycle', token: admin });
      expect(recycle.body.document.map((d: any) => d.id)).toEqual([3]);
      const d1 = await t.ctx.db.selectFrom('documents').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
      expect([d1.download_count, d1.favorite_count, d1.comment_count, d1.score, d1.score_count, d1.view_count]).toEqual([
        1,
        1,
        2,
        450,
        2,
        42 + 1,
      ]); // + the read above
      const users = await t.ctx.db
        .selectFrom('users')
        .select(['id', 'doc_count', 'credit_count', 'email', 'created_at'])
        .orderBy('id')
        .execute();
      expect(users.find((u) => u.id === 2)).toMatchObject({
        doc_count: 2,
        credit_count: 35,
        created_at: '2023-03-01T01:00:00.000Z',
      });
      expect(users.find((u) => u.id === 1)).toMatchObject({ email: 'admin@example.com', doc_count: 0, credit_count: 100 });
      expect(users.find((u) => u.id === 5)?.doc_count).toBe(4);

      // articles: HTML sanitised, the ownerless one given to the site owner, the deleted one in the recycle bin
      const news = (await t.call({ url: '/api/v1/article?identifier=site-news' })).body;
      expect(news).toMatchObject({ id: 2, user_id: 1, title: '站点迁移公告' });
      expect(news.content).not.toMatch(/script|onerror/);
      expect(
        (await t.ctx.db.selectFrom('articles').select('deleted_at').where('id', '=', 3).executeTakeFirstOrThrow()).deleted_at,
      ).toBeTruthy();
      // moredoc had no agreement page: Wenku's own is there at once
      expect((await t.call({ url: '/api/v1/article?identifier=agreement' })).status).toBe(200);

      // settings Wenku understands, secrets kept (but not moredoc's public default key), unknown keys listed
      const config = async (category: string, name: string) =>
        (
          await t.ctx.db
            .selectFrom('configs')
            .select('value')
            .where('category', '=', category)
            .where('name', '=', name)
            .executeTakeFirstOrThrow()
        ).value;
      const settings = (await t.call({ url: '/api/v1/settings' })).body;
      expect(settings.system.sitename).toBe('魔豆迁移测试站');
      expect(settings.security.enable_register ?? false).toBe(false); // moredoc's '0' (Go ParseBool); false is omitted on the wire
      expect(await config('security', 'enable_register')).toBe('false');
      expect(await config('download', 'secret_key')).toBe('site-own-download-key');
      expect(await config('email', 'password')).toBe('smtp-pass');
      expect(await config('email', 'secret')).not.toBe('moredoc');
      expect(await config('converter', 'max_preview')).toBe('12');
      expect(out).toContain('Wenku 不认识的 moredoc 配置项（未复制）：ssr.enable');

      // uploads keep their addresses; navigation and group permissions carried over
      const avatar = await t.app.inject({ url: site.facts.avatar });
      expect(avatar.statusCode).toBe(200);
      const navs = await t.ctx.db.selectFrom('navigations').select(['title', 'href']).orderBy('sort', 'desc').execute();
      expect(navs.map((n) => n.href)).toEqual(['/', '/library', '/article', '/article/help']);
      const vip = await t.ctx.db
        .selectFrom('group_permissions as gp')
        .innerJoin('permissions as p', 'p.id', 'gp.permission_id')
        .select('p.path')
        .where('gp.group_id', '=', 3)
        .orderBy('p.path')
        .execute();
      expect(vip.map((p) => p.path)).toEqual(['/api.v1.CommentAPI/CheckComment', '/api.v1.DocumentAPI/ListDocument']);
      expect(out).toContain('用户组 3 的权限 3 在 Wenku 中没有对应的接口');
      // new rows after the import get ids after moredoc's (PostgreSQL sequences moved past the copied ids)
      await t.setConfig('security', 'enable_register', 'true'); // the imported site had registration closed
      expect((await t.member('newcomer')).id).toBe(8);
      const opening = await t.ctx.db
        .selectFrom('credit_logs')
        .select(['user_id', 'amount'])
        .where('ref_type', '=', 'moredoc_import')
        .orderBy('user_id')
        .execute();
      expect(opening).toEqual([
        { user_id: 1, amount: 100 },
        { user_id: 2, amount: 35 },
      ]);
    },
    SLOW,
  );

  it(
    'a second run copies nothing twice, and a dry run afterwards writes nothing',
    async () => {
      const before = await snapshot(t);
      const out = await importSite();
      expect(out).toContain('之前已导入过');
      const copied = [...out.matchAll(/，已复制 (\d+)/g)].map((m) => Number(m[1]));
      expect(copied.length).toBeGreaterThan(20);
      expect(copied.every((n) => n === 0)).toBe(true);
      expect(await snapshot(t)).toEqual(before);
      await importSite('--dry-run');
      expect(await snapshot(t)).toEqual(before);
    },
    SLOW,
  );
});

describeEachDialect('moredoc import into a Wenku site with content of its own', { ...FRESH, sqliteOnly }, () => {
  let site: MoredocSite;
  let t: TestApp;
  onStart(async (started) => {
    ({ t } = started);
    site = await moredocSite(t);
    await t.member('wenkuuser');
  });

  const cli = (...flags: string[]) =>
    run(
      process.execPath,
      ['src/cli/wenku.ts', 'import', 'moredoc', '--mysql', site.url, '--files', site.files, '--timezone', '+08:00', ...flags],
      {
        env: { ...process.env, DATA_DIR: t.dataDir, WENKU_SITE_REBUILD: '0' },
        timeout: SLOW,
      },
    );

  it(
    'is refused without --merge and nothing is written; with --merge it is copied',
    async () => {
      const before = await snapshot(t);
      const refused = await cli().then(
        () => null,
        (err) => err,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Wenku 数据库中已有自己的内容（用户 1 个）');
      expect(refused.stderr).toContain('--merge');
      expect(await snapshot(t)).toEqual(before);

      const merged = await cli('--merge');
      expect(merged.stdout).toContain('合并导入');
      expect(merged.stdout).toContain('Wenku 用户 2「wenkuuser」被 moredoc 的同号用户「alice」覆盖');
      const names = (await t.ctx.db.selectFrom('users').select('username').orderBy('id').execute()).map((u) => u.username);
      // the member registered in Wenku got id 2, which moredoc's alice takes over
      expect(names).toEqual(['admin', 'alice', 'bob', 'carol', 'dave']);
    },
    SLOW,
  );
});

describeEachDialect('an interrupted moredoc import', { ...FRESH, sqliteOnly }, () => {
  let site: MoredocSite;
  let t: TestApp;
  onStart(async (started) => {
    ({ t } = started);
    site = await moredocSite(t);
  });

  const args = ['src/cli/wenku.ts', 'import', 'moredoc', '--timezone', 'Asia/Shanghai', '--batch-size', '1'];
  const env = () => ({ ...process.env, DATA_DIR: t.dataDir, WENKU_SITE_REBUILD: '0' });

  it(
    'resumes where it stopped when run again, and ends with the same site as an uninterrupted run',
    async () => {
      // killed without warning once the attachments are being copied, one row per batch
      const child = spawn(process.execPath, [...args, '--mysql', site.url, '--files', site.files], { env: env() });
      let out = '';
      await new Promise<void>((resolve) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('附件：1/')) child.kill('SIGKILL');
        });
        child.on('close', () => resolve());
      });
      expect(out).toContain('附件：1/');
      expect(out).not.toContain('导入报告');
      const state = await t.ctx.db.selectFrom('import_state').select(['step', 'last_id', 'done']).execute();
      const step = (name: string) => state.find((s) => s.step === name);
      expect(Number(step('users')?.last_id)).toBe(7);
      expect(step('documents')).toBeUndefined();
      expect(step('finished')).toBeUndefined();
      expect(Number((await sql<{ n: number }>`select count(*) as n from attachments`.execute(t.ctx.db)).rows[0].n)).toBeLessThan(
        9,
      );

      const again = await run(process.execPath, [...args, '--mysql', site.url, '--files', site.files], {
        env: env(),
        timeout: SLOW,
      });
      expect(again.stdout).toContain('继续上次未完成的导入');
      expect(again.stdout).toContain('用户：moredoc 中 5，已复制 0（之前的运行已复制 5）');
      const count = async (table: (typeof TABLES)[number]) =>
        Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.ctx.db)).rows[0].n);
      const mdCount = async (table: string) => Number((await site.query(`select count(*) as n from mnt_${table}`))[0].n);
      for (const [wenku, moredoc] of [
        ['users', 'user'],
        ['attachments', 'attachment'],
        ['documents', 'document'],
        ['comments', 'comment'],
        ['favorites', 'favorite'],
      ] as const) {
        expect([wenku, await count(wenku)]).toEqual([wenku, await mdCount(moredoc)]);
      }
      expect(
        (await t.ctx.db.selectFrom('import_state').select('done').where('step', '=', 'finished').executeTakeFirst())?.done,
      ).toBe(1);
      await t.login('alice', site.facts.passwords.alice);
    },
    SLOW,
  );
});
