import { z } from 'zod';
import { reviewReason } from './notification.ts';
import { idArray, idList, integer } from './common.ts';
import { documentApi, documentPermission as rpc, languageCode } from './document.ts';
import { endpoint, service } from './endpoint.ts';

export const documentCheck = z.object({
  id: idList('请选择要审核的文档'),
  status: integer(z.number({ error: '请选择审核结果' }).int()),
  /** told to the uploader with a rejection */
  reason: reviewReason,
});
export const documentRecommend = z.object({
  id: idList('请选择要推荐的文档'),
  type: integer(
    z
      .number()
      .int()
      .refine((t) => t === 0 || t === 1 || t === 2, '推荐类型只能是 0（取消）、1（推荐）或 2（重新推荐）')
      .default(1),
  ),
});
export const documentsCategory = z.object({ document_id: idList('请选择文档'), category_id: idList('请选择文档分类') });
export const documentsLanguage = z.object({ document_id: idList('请选择文档'), language: languageCode.min(1, '请选择语言') });
/** moredoc's reconvert takes no body; Wenku also accepts `{id: [...]}` to pick documents. */
export const documentReconvert = z.preprocess((v) => v ?? {}, z.object({ id: idArray('文档ID无效').optional() }));

/** DocumentAPI's back-office batch actions (api-contract §2.2), each behind its permission. */
export const documentAdminApi = service('DocumentAPI', '文档管理', {
  calls: {
    check: endpoint.put('/document/check', documentApi.checks.check, { body: documentCheck }),
    recommend: endpoint.put('/document/recommend', rpc('SetDocumentRecommend', '推荐文档'), { body: documentRecommend }),
    category: endpoint.put('/document/category', rpc('SetDocumentsCategory', '批量修改文档分类'), { body: documentsCategory }),
    language: endpoint.put('/document/language', rpc('SetDocumentsLanguage', '批量设置文档语言'), { body: documentsLanguage }),
    reconvert: endpoint.put('/document/reconvert', rpc('SetDocumentReconvert', '一键重转失败文档'), { body: documentReconvert }),
  },
  summaries: {
    check: '审核文档：0 通过、7 拒绝（reason 告知上传者）、6 退回待审、4 禁用、2 启用（仅已禁用的文档）',
    recommend: '推荐文档：0 取消推荐、1 推荐（已推荐的不变）、2 重新推荐（刷新推荐时间）',
    category: '批量修改文档分类（连同上级分类，分类文档数随之调整）',
    reconvert: '重新转换：指定 id 时转换这些文档，否则重转全部转换失败的文档',
  },
});
