import { z } from 'zod';
import { integer, positiveId } from './common.ts';
import { endpoint, service } from './endpoint.ts';
import { numbers, timestamps } from './reply.ts';

export const scoreInput = z.object({
  document_id: positiveId('请指定文档'),
  score: integer(
    z.number({ error: '评分须为1到5星' }).int('评分须为1到5星').min(100, '评分须为1到5星').max(500, '评分须为1到5星'),
  ),
});
export const scoreQuery = z.object({ document_id: positiveId('请指定文档') });
export const documentScore = z.object({ ...numbers('id', 'document_id', 'user_id', 'score'), ...timestamps });
export type DocumentScore = z.infer<typeof documentScore>;

/** Ratings (DocumentAPI): one per user and document, 100..500 (1–5 stars). */
export const scoreApi = service('DocumentAPI', '文档评分', {
  calls: {
    set: endpoint.post('/document/score', 'login', { body: scoreInput }),
    get: endpoint.get('/document/score', 'login', { query: scoreQuery, reply: documentScore.partial() }),
  },
  summaries: {
    set: '给文档评分（100～500，即1～5星；每人一次）',
    get: '我对文档的评分（未评分时为空对象）',
  },
});
