import { apiPermission, perm } from '../../auth/access.ts';

const api = apiPermission('ArticleAPI');

/** The article permissions (contract Appendix A). */
export const ARTICLE_PERMISSIONS = {
  create: api('CreateArticle', '后台创建文章'),
  update: api('UpdateArticle', '更新文章/单页'),
  delete: api('DeleteArticle', '删除文章'),
  list: api('ListArticle', '查询文章列表'),
  get: api('GetArticle', '查阅所有状态文章'),
  recycleList: api('ListRecycleArticle', '查询回收站文章列表'),
  setCategory: api('SetArticlesCategory', '文章批量分类'),
  restore: api('RestoreRecycleArticle', '从回收站恢复文章'),
  purge: api('DeleteRecycleArticle', '删除回收站文章'),
  empty: api('EmptyRecycleArticle', '清空回收站文章'),
  recommend: api('RecommendArticles', '推荐文章'),
  check: api('CheckArticles', '批量审批文章'),
  upload: perm('/api/v1/upload/article', '上传文章图片和音视频', 'POST'),
} as const;
