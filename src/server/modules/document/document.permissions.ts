import { perm } from '../../auth/access.ts';

/** Permissions of the DocumentAPI and RecycleAPI: moredoc paths and titles (contract Appendix A). */
export const DOC_PERMS = {
  list: perm('/api.v1.DocumentAPI/ListDocument', '获取文档列表'),
  get: perm('/api.v1.DocumentAPI/GetDocument', '根据ID查询文档'),
  update: perm('/api.v1.DocumentAPI/UpdateDocument', '更新文档'),
  delete: perm('/api.v1.DocumentAPI/DeleteDocument', '删除文档'),
  recommend: perm('/api.v1.DocumentAPI/SetDocumentRecommend', '推荐文档'),
  reconvert: perm('/api.v1.DocumentAPI/SetDocumentReconvert', '一键重转失败文档'),
  category: perm('/api.v1.DocumentAPI/SetDocumentsCategory', '批量修改文档分类'),
  language: perm('/api.v1.DocumentAPI/SetDocumentsLanguage', '批量设置文档语言'),
  check: perm('/api.v1.DocumentAPI/CheckDocument', '文档审核'),
  downloadReviewed: perm('/api.v1.DocumentAPI/DownloadDocumentToBeReviewed', '下载待审文档'),
  recycleList: perm('/api.v1.RecycleAPI/ListRecycleDocument', '获取回收站文档列表'),
  recycleRecover: perm('/api.v1.RecycleAPI/RecoverRecycleDocument', '恢复回收站文档'),
  recycleDelete: perm('/api.v1.RecycleAPI/DeleteRecycleDocument', '删除回收站文档'),
  recycleClear: perm('/api.v1.RecycleAPI/ClearRecycleDocument', '清空回收站文档'),
};
