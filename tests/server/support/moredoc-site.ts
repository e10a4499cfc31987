import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { constants, createGzip } from 'node:zlib';
import mysql from 'mysql2/promise';
import sharp from 'sharp';

/**
 * A small but realistic moredoc site built from moredoc's own schema (tests/fixtures/moredoc/ddl.sql,
 * the SHOW CREATE TABLE output of its GORM models) in a local MariaDB, with the files moredoc keeps
 * next to its binary: originals under documents/, rendered pages (gzip SVG written the way moredoc
 * writes them: no gzip trailer; plain SVG; WebP), covers, and uploads (avatar, banner, logo, favicon).
 */

export const MYSQL_ADMIN = process.env.MOREDOC_TEST_MYSQL ?? 'mysql://root@127.0.0.1:3306';
const FIXTURES = join(import.meta.dirname, '../../fixtures');

/** Whether a MariaDB/MySQL server answers (the import test skips otherwise). */
export async function mysqlAvailable(): Promise<boolean> {
  try {
    const conn = await mysql.createConnection({ uri: MYSQL_ADMIN, connectTimeout: 3000 });
    await conn.end();
    return true;
  } catch {
    return false;
  }
}

const md5 = (b: Buffer | string) => createHash('md5').update(b).digest('hex');
/** moredoc's password hash: Django's salted MD5 `md5$<salt>$md5(salt + password)`. */
export const moredocHash = (password: string, salt: string) => `md5$${salt}$${md5(salt + password)}`;
const hashPath = (root: string, hash: string, ext: string) => `${root}/${hash.slice(0, 5).split('').join('/')}/${hash}${ext}`;

/** What moredoc's CompressSVGByGZIP writes: a header and a sync-flushed body, but no final block or trailer. */
function truncatedGzip(data: Buffer): Promise<Buffer> {
  return new Promise((resolve) => {
    const gz = createGzip();
    const chunks: Buffer[] = [];
    gz.on('data', (c: Buffer) => chunks.push(c));
    gz.write(data);
    gz.flush(constants.Z_SYNC_FLUSH, () => resolve(Buffer.concat(chunks)));
  });
}

const pageSvg = (title: string, n: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="595" height="842" viewBox="0 0 595 842"><rect width="595" height="842" fill="#fff"/><text x="40" y="80">${title} 第 ${n} 页</text></svg>`,
  );

export interface MoredocSite {
  url: string;
  database: string;
  files: string;
  /** known facts to check the import against */
  facts: {
    pdfHash: string;
    docxHash: string;
    txtHash: string;
    passwords: Record<string, string>;
    docxWord: string;
    avatar: string;
    favicon: string;
    faviconBytes: Buffer;
  };
  query<T = any>(sqlText: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

let seq = 0;

export async function buildMoredocSite(): Promise<MoredocSite> {
  const database = `moredoc_test_${process.pid}_${seq++}`;
  const admin = await mysql.createConnection({ uri: MYSQL_ADMIN, multipleStatements: true, charset: 'utf8mb4' });
  await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await admin.query(`CREATE DATABASE \`${database}\` DEFAULT CHARSET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.query(`USE \`${database}\``);
  await admin.query(readFileSync(join(FIXTURES, 'moredoc/ddl.sql'), 'utf8'));
  const files = mkdtempSync(join(tmpdir(), 'moredoc-files-'));
  const put = (rel: string, data: Buffer) => {
    mkdirSync(dirname(join(files, rel)), { recursive: true });
    writeFileSync(join(files, rel), data);
  };
  const insert = async (table: string, rows: Array<Record<string, unknown>>) => {
    for (const r of rows) await admin.query(`INSERT INTO mnt_${table} SET ?`, [r]);
  };

  // ── originals and their derived folders ──
  const pdf = readFileSync(join(FIXTURES, 'chinese-8pages.pdf'));
  const docx = readFileSync(join(FIXTURES, 'chinese.docx'));
  const txt = Buffer.from('一份只在回收站里的文本文档。\n');
  const pdfHash = md5(pdf);
  const docxHash = md5(docx);
  const txtHash = md5(txt);
  const cover = await sharp({ create: { width: 210, height: 297, channels: 3, background: '#ddeeff' } })
    .png()
    .toBuffer();
  put(hashPath('documents', pdfHash, '.pdf'), pdf);
  for (let n = 1; n <= 8; n++)
    put(`${hashPath('documents', pdfHash, '')}/${n}.gzip.svg`, await truncatedGzip(pageSvg('文库测试文档', n)));
  put(`${hashPath('documents', pdfHash, '')}/cover.png`, cover);
  put(`${hashPath('documents', pdfHash, '')}/cover.big.png`, cover);
  put(hashPath('documents', docxHash, '.docx'), docx);
  for (let n = 1; n <= 2; n++) {
    put(
      `${hashPath('documents', docxHash, '')}/${n}.webp`,
      await sharp({ create: { width: 60, height: 80, channels: 3, background: '#fafafa' } })
        .webp()
        .toBuffer(),
    );
  }
  put(`${hashPath('documents', docxHash, '')}/cover.png`, cover);
  put(hashPath('documents', txtHash, '.txt'), txt);
  put(`${hashPath('documents', txtHash, '')}/1.svg`, pageSvg('回收站文本', 1));
  put(`${hashPath('documents', txtHash, '')}/cover.png`, cover);
  // an old site's text file beside the pages (before moredoc 2.4)
  put(`${hashPath('documents', txtHash, '')}/content.txt`, Buffer.from('一份只在回收站里的文本文档。'));
  const missingHash = md5('a file that was lost');

  const avatarPng = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const avatar = `/${hashPath('uploads', md5(avatarPng), '.png')}`;
  put(avatar.slice(1), avatarPng);
  const bannerPng = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#996633' } })
    .png()
    .toBuffer();
  const banner = `/${hashPath('uploads', md5(bannerPng), '.png')}`;
  put(banner.slice(1), bannerPng);
  const faviconBytes = await sharp({ create: { width: 16, height: 16, channels: 4, background: '#ff0000' } })
    .png()
    .toBuffer();
  const favicon = `/${hashPath('uploads', md5(faviconBytes), '.png')}`;
  put(favicon.slice(1), faviconBytes);

  const t = (s: string) => s; // moredoc DATETIMEs: naive local time of the moredoc process (Asia/Shanghai here)
  const passwords = { admin: 'mnt.ltd', alice: 'alice-old-pass', bob: 'bob-old-pass' };

  await insert('group', [
    {
      id: 1,
      title: '超级管理员',
      is_display: 1,
      enable_upload: 1,
      enable_comment: 1,
      enable_article: 1,
      sort: 10,
      created_at: t('2023-01-01 10:00:00'),
    },
    {
      id: 2,
      title: '普通用户',
      is_default: 1,
      is_display: 1,
      enable_comment: 1,
      enable_document_review: 1,
      enable_comment_approval: 1,
      created_at: t('2023-01-01 10:00:00'),
    },
    { id: 3, title: 'VIP会员', color: '#f90', enable_upload: 1, enable_comment: 1, created_at: t('2023-02-01 10:00:00') },
  ]);
  await insert('permission', [
    { id: 1, method: 'GRPC', path: '/api.v1.DocumentAPI/ListDocument', title: '文档列表' },
    { id: 2, method: 'GRPC', path: '/api.v1.CommentAPI/CheckComment', title: '审核评论' },
    { id: 3, method: 'GRPC', path: '/api.v1.NoSuchAPI/Gone', title: '已下线的接口' },
  ]);
  await insert('group_permission', [
    { group_id: 3, permission_id: 1 },
    { group_id: 3, permission_id: 2 },
    { group_id: 3, permission_id: 3 },
  ]);
  await insert('user', [
    {
      id: 1,
      username: 'admin',
      password: moredocHash(passwords.admin, 'Ab3x'),
      email: 'Admin@Example.com',
      credit_count: 100,
      doc_count: 99,
      created_at: t('2023-01-01 10:00:00'),
      login_at: t('2024-05-01 08:30:00'),
    },
    {
      id: 2,
      username: 'alice',
      password: moredocHash(passwords.alice, 'q9Zk'),
      email: 'alice@example.com',
      avatar,
      signature: '爱读书',
      credit_count: 35,
      created_at: t('2023-03-01 09:00:00'),
    },
    {
      id: 5,
      username: 'bob',
      password: moredocHash(passwords.bob, 'XY12'),
      email: 'bob@example.com',
      credit_count: 0,
      created_at: t('2023-04-01 09:00:00'),
    },
    {
      id: 6,
      username: 'carol',
      password: `!${'x'.repeat(40)}`,
      email: 'carol@example.com',
      created_at: t('2023-05-01 09:00:00'),
    },
    {
      id: 7,
      username: 'dave',
      password: 'bcrypt$$2b$12$abcdefghijklmnopqrstuv',
      email: 'dave@example.com',
      created_at: t('2023-05-02 09:00:00'),
    },
  ]);
  await insert('user_group', [
    { user_id: 1, group_id: 1 },
    { user_id: 2, group_id: 2 },
    { user_id: 2, group_id: 3 },
    { user_id: 5, group_id: 2 },
    { user_id: 6, group_id: 2 },
    { user_id: 7, group_id: 2 },
  ]);
  await insert('category', [
    { id: 1, parent_id: 0, title: '技术', type: 0, sort: 9, doc_count: 7, created_at: t('2023-01-02 10:00:00') },
    { id: 2, parent_id: 1, title: '编程', type: 0, created_at: t('2023-01-02 10:00:00') },
    { id: 3, parent_id: 2, title: 'TypeScript', type: 0, created_at: t('2023-01-02 10:00:00') },
    { id: 4, parent_id: 0, title: '文学', type: 0, description: '<p>小说与散文</p>', created_at: t('2023-01-02 10:00:00') },
    { id: 5, parent_id: 0, title: '站内公告', type: 1, created_at: t('2023-01-02 10:00:00') },
  ]);
  const docBase = { score: 300, enable_gzip: 0, preview_ext: '.svg', language: 'zh-CN' };
  await insert('document', [
    {
      ...docBase,
      id: 1,
      uuid: '0123456789abcdef',
      title: '文库测试文档',
      keywords: '文库,测试',
      description: '',
      user_id: 2,
      pages: 8,
      preview: 0,
      status: 2,
      enable_gzip: 1,
      ext: '.pdf',
      size: pdf.length,
      width: 595,
      height: 842,
      view_count: 42,
      download_count: 9,
      created_at: t('2024-01-10 12:00:00'),
      updated_at: t('2024-01-10 12:05:00'),
    },
    {
      ...docBase,
      id: 2,
      uuid: '1123456789abcdef',
      title: '量子实验笔记',
      description: '一份实验记录',
      user_id: 2,
      pages: 2,
      preview: 0,
      status: 2,
      price: 5,
      preview_ext: '.webp',
      enable_gzip: 1,
      ext: '.docx',
      size: docx.length,
      created_at: t('2024-01-11 12:00:00'),
    },
    {
      ...docBase,
      id: 3,
      uuid: '2123456789abcdef',
      title: '回收站里的文本',
      user_id: 5,
      pages: 1,
      status: 2,
      ext: '.txt',
      size: txt.length,
      deleted_at: t('2024-02-01 10:00:00'),
      deleted_user_id: 5,
      created_at: t('2024-01-12 12:00:00'),
    },
    {
      ...docBase,
      id: 4,
      uuid: '3123456789abcdef',
      title: '待审核的文档',
      user_id: 5,
      status: 6,
      ext: '.pdf',
      created_at: t('2024-01-13 12:00:00'),
    },
    // moredoc's same-file shortcut: shares document 1's folder, keeps the insert default preview_ext
    {
      ...docBase,
      id: 5,
      uuid: '0123456789abcdef',
      title: '同一个文件再上传',
      user_id: 5,
      pages: 8,
      preview: 3,
      status: 2,
      enable_gzip: 1,
      ext: '.pdf',
      price: 3,
      created_at: t('2024-01-14 12:00:00'),
    },
    {
      ...docBase,
      id: 6,
      uuid: '5123456789abcdef',
      title: '状态奇怪的文档',
      user_id: 5,
      status: 9,
      ext: '.pdf',
      created_at: t('2024-01-15 12:00:00'),
    },
    {
      ...docBase,
      id: 7,
      uuid: '6123456789abcdef',
      title: '文件丢失的文档',
      user_id: 5,
      pages: 3,
      status: 2,
      ext: '.pdf',
      created_at: t('2024-01-16 12:00:00'),
    },
  ]);
  await insert('document_category', [
    { document_id: 1, category_id: 1 },
    { document_id: 1, category_id: 2 },
    { document_id: 1, category_id: 3 },
    { document_id: 2, category_id: 4 },
    { document_id: 3, category_id: 4 },
    { document_id: 5, category_id: 1 },
    { document_id: 7, category_id: 1 },
  ]);
  const att = (id: number, typeId: number, hash: string, ext: string, name: string, extra: Record<string, unknown> = {}) => ({
    id,
    hash,
    user_id: 2,
    type_id: typeId,
    type: 2,
    enable: 1,
    path: `/${hashPath('documents', hash, ext)}`,
    name,
    ext,
    size: 1,
    created_at: t('2024-01-10 12:00:00'),
    ...extra,
  });
  await insert('attachment', [
    att(1, 1, pdfHash, '.pdf', '文库测试文档.pdf', { size: pdf.length }),
    att(2, 2, docxHash, '.docx', '量子实验笔记.docx', { size: docx.length }),
    att(3, 3, txtHash, '.txt', '回收站里的文本.txt'),
    att(4, 5, pdfHash, '.pdf', '同一个文件再上传.pdf'),
    att(5, 7, missingHash, '.pdf', '文件丢失的文档.pdf'),
    // an older upload of document 2, already replaced: moredoc takes the highest live id
    att(6, 2, md5('old version'), '.docx', '旧版本.docx', { deleted_at: t('2024-01-11 11:00:00') }),
    {
      id: 7,
      hash: md5(avatarPng),
      user_id: 2,
      type_id: 2,
      type: 1,
      path: avatar,
      name: 'me.png',
      ext: '.png',
      size: avatarPng.length,
      created_at: t('2024-01-01 00:00:00'),
    },
    {
      id: 8,
      hash: md5(bannerPng),
      user_id: 1,
      type_id: 0,
      type: 5,
      path: banner,
      name: 'banner.png',
      ext: '.png',
      size: bannerPng.length,
      created_at: t('2024-01-01 00:00:00'),
    },
    {
      id: 9,
      hash: md5(faviconBytes),
      user_id: 1,
      type_id: 0,
      type: 7,
      path: favicon,
      name: 'favicon.png',
      ext: '.png',
      size: faviconBytes.length,
      created_at: t('2024-01-01 00:00:00'),
    },
  ]);
  const docxWord = '超导磁悬浮';
  await insert('attachment_content', [
    { hash: docxHash, content: `第一部分：实验准备与器材。第二部分：${docxWord}的观测结果与讨论，记录了每一次测量。` },
  ]);
  await insert('document_score', [
    { document_id: 1, user_id: 5, score: 400 },
    { document_id: 1, user_id: 1, score: 500 },
  ]);
  await insert('favorite', [
    { user_id: 5, document_id: 1, type: 0, created_at: t('2024-02-01 10:00:00') },
    { user_id: 1, document_id: 2, type: 0, created_at: t('2024-02-01 10:00:00') },
    { user_id: 5, document_id: 2, type: 1, created_at: t('2024-02-01 10:00:00') },
  ]);
  await insert('download', [
    { user_id: 5, document_id: 2, ip: '10.0.0.5', is_pay: 1, created_at: t('2024-02-02 10:00:00') },
    { user_id: 0, document_id: 1, ip: '10.0.0.9', is_pay: 0, created_at: t('2024-02-02 11:00:00') },
  ]);
  await insert('article', [
    {
      id: 1,
      identifier: 'about',
      user_id: 1,
      title: '关于魔豆',
      content: '<p>我们是一个 moredoc 站点。</p>',
      status: 1,
      created_at: t('2023-01-01 10:00:00'),
    },
    {
      id: 2,
      identifier: 'site-news',
      user_id: 0,
      title: '站点迁移公告',
      content: '<p>本站迁移到新系统。<img src="/uploads/x.png" onerror="alert(1)"></p><script>alert(2)</script>',
      status: 1,
      created_at: t('2024-03-01 10:00:00'),
    },
    {
      id: 3,
      identifier: 'draft-1',
      user_id: 2,
      title: '删除的草稿',
      content: '<p>草稿</p>',
      status: 0,
      deleted_at: t('2024-03-02 10:00:00'),
      created_at: t('2024-03-01 11:00:00'),
    },
  ]);
  await insert('article_category', [{ article_id: 2, category_id: 5 }]);
  await insert('comment', [
    { id: 1, user_id: 5, document_id: 1, type: 0, status: 1, content: '写得很好', created_at: t('2024-02-03 10:00:00') },
    {
      id: 2,
      user_id: 2,
      document_id: 1,
      type: 0,
      status: 1,
      parent_id: 1,
      content: '谢谢',
      created_at: t('2024-02-03 11:00:00'),
    },
    { id: 3, user_id: 5, document_id: 1, type: 0, status: 0, content: '等待审核的评论', created_at: t('2024-02-03 12:00:00') },
    { id: 4, user_id: 2, document_id: 2, type: 1, status: 1, content: '文章评论', created_at: t('2024-03-01 12:00:00') },
  ]);
  await insert('report', [
    {
      document_id: 1,
      document_title: '文库测试文档',
      user_id: 5,
      username: 'bob',
      reason: 1,
      created_at: t('2024-02-04 10:00:00'),
    },
  ]);
  await insert('banner', [
    { id: 1, title: '首页横幅', path: banner, url: '/category/1', enable: 1, sort: 3, created_at: t('2024-01-01 00:00:00') },
  ]);
  await insert('friendlink', [{ id: 1, title: '魔豆文库', link: 'https://moredoc.mnt.ltd', enable: 1, sort: 1 }]);
  await insert('navigation', [
    { id: 1, title: '首页', href: '/', enable: 1, fixed: 1, sort: 100 },
    { id: 2, title: '分类', href: '/category', enable: 1, fixed: 1, sort: 90 },
    { id: 3, title: '文章', href: '/article', enable: 1, fixed: 1, sort: 80 },
    { id: 4, title: '帮助中心', href: '/article/help', target: '_blank', enable: 1, sort: 10 },
  ]);
  await insert('advertisement', [
    {
      id: 1,
      position: 'index_banner_bottom',
      title: '广告',
      content: '<a href="/">广告位</a>',
      enable: 1,
      start_time: t('2024-01-01 00:00:00'),
      end_time: t('2030-01-01 00:00:00'),
    },
  ]);
  await insert('punishment', [
    {
      id: 1,
      user_id: 5,
      type: 2,
      enable: 1,
      reason: '刷评论',
      operators: '[{"u":1,"t":2,"ts":1706745600}]',
      created_at: t('2024-02-05 10:00:00'),
    },
  ]);
  // recent: older records fall to the retention (security.search_record_retention_days) in both systems
  const yesterday = new Date(Date.now() - 86_400_000 + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
  await insert('search_record', [
    { user_id: 5, ip: '10.0.0.5', keywords: '文库', total: 2, page: 1, spend_time: 0.01, type: 0, created_at: t(yesterday) },
  ]);
  await insert('language', [
    { language: '简体中文', code: 'zh-CN', enable: 1, sort: 100 },
    { language: '世界语', code: 'eo', enable: 1, sort: 1 },
  ]);
  await insert('config', [
    { category: 'system', name: 'sitename', value: '魔豆迁移测试站', input_type: 'text' },
    { category: 'system', name: 'favicon', value: favicon, input_type: 'image' },
    { category: 'security', name: 'enable_register', value: '0', input_type: 'switch' },
    { category: 'download', name: 'secret_key', value: 'site-own-download-key', input_type: 'text' },
    { category: 'email', name: 'secret', value: 'moredoc', input_type: 'text' },
    { category: 'email', name: 'password', value: 'smtp-pass', input_type: 'password', is_secret: 1 },
    { category: 'converter', name: 'max_preview', value: 'abc', input_type: 'number' },
    { category: 'ssr', name: 'enable', value: 'true', input_type: 'switch' },
    { category: 'release', name: 'tag_name', value: 'v3.2.0', input_type: 'text' },
  ]);
  await admin.end();

  const url = `${MYSQL_ADMIN.replace(/\/$/, '')}/${database}`;
  return {
    url,
    database,
    files,
    facts: { pdfHash, docxHash, txtHash, passwords, docxWord, avatar, favicon, faviconBytes },
    async query(sqlText, params = []) {
      const conn = await mysql.createConnection({ uri: url, charset: 'utf8mb4' });
      try {
        const [rows] = await conn.query(sqlText, params);
        return rows as any[];
      } finally {
        await conn.end();
      }
    },
    async drop() {
      const conn = await mysql.createConnection({ uri: MYSQL_ADMIN });
      await conn.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await conn.end();
      rmSync(files, { recursive: true, force: true });
    },
  };
}
