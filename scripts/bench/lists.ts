// The list requests the site and the back office make, as benchmark cases: library lists by
// category / type / fee / language in each sort order (page 1, deep pages, the middle and the last), home blocks,
// related documents, a user's documents, articles, comments, and admin lists with filters.
import type { Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema.ts';
import { EXT_GROUPS } from '../../src/domain/file-kind.ts';

export interface ListCase {
  name: string;
  url: string;
  /** 'admin' | 'member': sent with that session's token */
  as?: 'admin' | 'member';
}

/** Ids the cases point at, read from the generated data set. */
export async function listCases(db: Kysely<DB>): Promise<ListCase[]> {
  const top = await db
    .selectFrom('categories')
    .select('id')
    .where('parent_id', '=', 0)
    .where('type', '=', 0)
    .orderBy('doc_count', 'desc')
    .executeTakeFirstOrThrow();
  const leaf = await db
    .selectFrom('categories as c')
    .select('c.id')
    .where('c.type', '=', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('categories as k').select('k.id').whereRef('k.parent_id', '=', 'c.id'))))
    .orderBy('c.doc_count', 'desc')
    .executeTakeFirstOrThrow();
  const popular = await db
    .selectFrom('documents')
    .select(['id', 'user_id'])
    .where('status', '=', 2)
    .where('deleted_at', 'is', null)
    .orderBy('comment_count', 'desc')
    .executeTakeFirstOrThrow();
  const uploader = await db.selectFrom('users').select('id').orderBy('doc_count', 'desc').executeTakeFirstOrThrow();
  const article = await db
    .selectFrom('articles')
    .select('id')
    .where('status', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('comment_count', 'desc')
    .executeTakeFirstOrThrow();
  const { n } = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  // a deep page: a twentieth of the way through the library at 10 per page (page 5,000 at 1,000,000 documents)
  const deep = Math.max(2, Math.floor(Number(n) / 20 / 10));
  // the last page of a category's list at 10 per page, as its pager offers it
  const lastPage = async (category: number, exts?: readonly string[]) => {
    let q = db
      .selectFrom('document_categories as l')
      .innerJoin('documents as d', 'd.id', 'l.document_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('l.category_id', '=', category)
      .where('d.status', '=', 2)
      .where('d.deleted_at', 'is', null);
    if (exts) q = q.where('d.ext', 'in', exts);
    const { n } = await q.executeTakeFirstOrThrow();
    return Math.max(1, Math.ceil(Number(n) / 10));
  };
  const [topLast, leafPdfLast] = [await lastPage(top.id), await lastPage(leaf.id, EXT_GROUPS.pdf)];
  const { live } = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('live'))
    .where('status', '=', 2)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  // the pages farthest from both ends (page marks, page-marks.repo.ts) and the library's last page
  const [topMiddle, libraryLast] = [Math.ceil(topLast / 2), Math.max(1, Math.ceil(Number(live) / 10))];
  const lib = '/api/v1/document/list?size=10';
  return [
    { name: '文档列表 无筛选 第1页 (size=20)', url: '/api/v1/document/list?page=1&size=20' },
    { name: '文库 最新 第1页', url: `${lib}&page=1&order=id%20desc` },
    { name: `文库 最新 第${deep}页`, url: `${lib}&page=${deep}&order=id%20desc` },
    { name: '文库 分类 最新 第1页', url: `${lib}&page=1&order=id%20desc&category_id=${top.id}` },
    { name: '文库 分类 最热 第1页', url: `${lib}&page=1&order=view_count%20desc&category_id=${top.id}` },
    { name: '文库 分类 下载最多 第1页', url: `${lib}&page=1&order=download_count%20desc&category_id=${top.id}` },
    { name: '文库 分类 评分最高 第1页', url: `${lib}&page=1&order=score%20desc&category_id=${top.id}` },
    {
      name: `文库 分类 最热 第${Math.ceil(deep / 12)}页`,
      url: `${lib}&page=${Math.ceil(deep / 12)}&order=view_count%20desc&category_id=${top.id}`,
    },
    {
      name: `文库 分类 最热 末页（第${topLast}页）`,
      url: `${lib}&page=${topLast}&order=view_count%20desc&category_id=${top.id}`,
    },
    {
      name: `文库 分类 最热 正中间（第${topMiddle}页）`,
      url: `${lib}&page=${topMiddle}&order=view_count%20desc&category_id=${top.id}`,
    },
    { name: `文库 最新 末页（第${libraryLast}页）`, url: `${lib}&page=${libraryLast}&order=id%20desc` },
    { name: '文库 子分类 最新 第1页', url: `${lib}&page=1&order=id%20desc&category_id=${leaf.id}` },
    {
      name: `文库 子分类+PDF 最热 末页（第${leafPdfLast}页）`,
      url: `${lib}&page=${leafPdfLast}&order=view_count%20desc&category_id=${leaf.id}&ext=pdf`,
    },
    { name: '文库 PDF 最热 第1页', url: `${lib}&page=1&order=view_count%20desc&ext=pdf` },
    { name: '文库 免费 下载最多 第1页', url: `${lib}&page=1&order=download_count%20desc&fee_type=free` },
    { name: '文库 英文 评分最高 第1页', url: `${lib}&page=1&order=score%20desc&language=en` },
    { name: '文库 分类+PPT+付费 最新 第1页', url: `${lib}&page=1&order=id%20desc&category_id=${top.id}&ext=ppt&fee_type=charge` },
    { name: '首页 分类区块', url: '/api/v1/document/home?limit=8' },
    { name: '相关文档', url: `/api/v1/document/related?id=${popular.id}` },
    { name: '用户的文档', url: `/api/v1/document/list?page=1&size=10&order=id%20desc&user_id=${uploader.id}` },
    { name: '文章列表', url: '/api/v1/article/list?page=1&size=10' },
    { name: '文档评论', url: `/api/v1/comment/list?document_id=${popular.id}&type=0&page=1&size=10` },
    { name: '文章评论', url: `/api/v1/comment/list?document_id=${article.id}&type=1&page=1&size=10` },
    { name: '后台 文档 待审核', url: '/api/v1/document/list?page=1&size=10&status=6', as: 'admin' },
    { name: '后台 文档 分类+已转换', url: `/api/v1/document/list?page=1&size=10&status=2&category_id=${leaf.id}`, as: 'admin' },
    { name: '后台 回收站', url: '/api/v1/document/recycle?page=1&size=10', as: 'admin' },
    { name: '后台 评论 待审核', url: '/api/v1/comment/list?page=1&size=10&status=0', as: 'admin' },
    { name: '后台 文章', url: '/api/v1/article/list?page=1&size=10&status=1', as: 'admin' },
    { name: '后台 用户', url: '/api/v1/user/list?page=1&size=10', as: 'admin' },
    { name: '后台 附件', url: '/api/v1/attachment/list?page=1&size=10&type=2', as: 'admin' },
    { name: '我的收藏', url: '/api/v1/favorite/list?page=1&size=10', as: 'member' },
    { name: '我的下载', url: '/api/v1/user/download?page=1&size=10', as: 'member' },
  ];
}
