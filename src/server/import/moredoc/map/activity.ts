import type { ImportContext } from '../context.ts';
import { bool, int } from '../source.ts';
import type { TableStep } from '../write.ts';
import { copyColumns, copyStep } from './copy.ts';

export const scoresStep = copyStep(
  { label: '评分', from: 'document_score', to: 'document_scores', key: ['document_id', 'user_id'] },
  { int: ['document_id', 'user_id', 'score'] },
);

const typeOf = (ctx: ImportContext, what: string, id: number, type: number): number | null => {
  if (type === 0 || type === 1) return type;
  ctx.report.problem(`未知的${what}类型`, `${what} ${id} 的类型为 ${type}（只认识 0 文档、1 文章），未复制`);
  return null;
};

export const favoritesStep = copyStep(
  { label: '收藏', from: 'favorite', to: 'favorites', key: ['user_id', 'document_id', 'type'] },
  { int: ['user_id', 'document_id'] },
  (r, ctx) => {
    const type = typeOf(ctx, '收藏', int(r, 'id'), int(r, 'type'));
    return type === null ? null : { type };
  },
);

export const downloadsStep: TableStep = {
  label: '下载记录',
  from: 'download',
  to: 'downloads',
  key: ['id'],
  async map(rows, ctx) {
    // moredoc does not store what a paid download cost: the document's current price is the best guess
    const ids = [...new Set(rows.map((r) => int(r, 'document_id')))];
    const prices = new Map(
      (await ctx.source.query(`select id, price from ${ctx.source.table('document')} where id in (?)`, [ids])).map((d) => [
        int(d, 'id'),
        int(d, 'price'),
      ]),
    );
    return rows.map((r) => {
      const paid = bool(r, 'is_pay') === 1 && int(r, 'user_id') > 0;
      return {
        ...copyColumns(r, ctx, { int: ['id', 'user_id', 'document_id'], str: ['ip'], bool: ['is_pay'] }),
        price: paid ? Math.max(0, prices.get(int(r, 'document_id')) ?? 0) : 0,
      };
    });
  },
};

export const commentsStep = copyStep(
  { label: '评论', from: 'comment', to: 'comments', key: ['id'] },
  { int: ['id', 'parent_id', 'document_id', 'comment_count', 'user_id'], str: ['content', 'ip'] },
  (r, ctx) => {
    const id = int(r, 'id');
    const type = typeOf(ctx, '评论', id, int(r, 'type'));
    if (type === null) return null;
    let status = int(r, 'status');
    if (status < 0 || status > 2) {
      ctx.report.problem('未知的评论状态', `评论 ${id} 的状态为 ${status}，导入为“待审核”`);
      status = 0;
    }
    return { type, status };
  },
);

export const reportsStep = copyStep(
  { label: '举报', from: 'report', to: 'reports', key: ['id'] },
  { int: ['id', 'document_id', 'user_id', 'reason'], str: ['remark'], bool: ['status'] },
);

export const searchRecordsStep = copyStep(
  { label: '搜索记录', from: 'search_record', to: 'search_records', key: ['id'] },
  { int: ['id', 'user_id', 'total', 'page'], str: ['ip', 'user_agent', 'keywords'] },
  (r) => ({ spend_time: Number(r.spend_time ?? 0) || 0, type: int(r, 'type') === 1 ? 1 : 0 }),
);
