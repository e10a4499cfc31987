import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../auth/access.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { reportDelete, reportInput, reportList, reportListReply, reportUpdate } from '../../../contract/report.ts';
import { emptyReply } from '../../../contract/common.ts';

export default async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = app.ctx.repos.report;
  const tags = ['举报'];

  r.post(
    '/report',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary:
          '举报文档（原因：1 垃圾广告、2 淫秽色情、3 虚假中奖、4 敏感信息、5 人身攻击、6 骚扰他人；同一文档未处理前只能举报一次）',
        body: reportInput,
      },
      config: { access: 'login' },
    },
    async (req) => {
      if (!(await repo.documentExists(req.body.document_id))) throw notFound('文档不存在');
      if (!(await repo.create(req.auth.userId, req.body))) throw conflict('您已经举报过该文档了');
      return {};
    },
  );

  r.put(
    '/report',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '处理举报（status 为 true 表示已处理；remark 为处理备注）',
        body: reportUpdate,
      },
      config: { access: perm('/api.v1.ReportAPI/UpdateReport', '处理举报内容') },
    },
    async (req) => {
      if (!(await repo.exists(req.body.id))) throw notFound('举报不存在');
      await repo.update(req.body);
      return {};
    },
  );

  r.delete(
    '/report',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '删除举报', querystring: reportDelete },
      config: { access: perm('/api.v1.ReportAPI/DeleteReport', '删除举报内容') },
    },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要删除的举报');
      await repo.delete([...new Set(req.query.id)]);
      return {};
    },
  );

  r.get(
    '/report/list',
    {
      schema: {
        response: { 200: reportListReply },
        tags,
        summary: '举报列表（新的在前；wd 搜索文档标题与备注，status 筛选是否已处理）',
        querystring: reportList,
      },
      config: { access: perm('/api.v1.ReportAPI/ListReport', '查询举报列表') },
    },
    async (req) => {
      const { total, rows } = await repo.list(req.query);
      return { total, report: rows };
    },
  );
}
