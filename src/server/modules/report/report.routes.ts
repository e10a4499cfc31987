import type { FastifyInstance } from 'fastify';
import { adminTable } from '../../http/admin-table.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { reportDelete, reportInput, reportList, reportListReply, reportUpdate } from '../../../contract/report.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';
import { reportReasonList } from '../../../domain/status.ts';

export default async function reportRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.report;
  const api = apiRoutes(app, ['举报'], 'ReportAPI');

  api.post(
    '/report',
    {
      summary: `举报文档（原因：${reportReasonList()}；同一文档未处理前只能举报一次）`,
      access: 'login',
      body: reportInput,
      reply: emptyReply,
    },
    async (req) => {
      if (!(await repo.documentExists(req.body.document_id))) throw notFound('文档不存在');
      if (!(await repo.create(req.auth.userId, req.body))) throw conflict('您已经举报过该文档了');
      return {};
    },
  );

  api.put(
    '/report',
    {
      summary: '处理举报（status 为 true 表示已处理；remark 为处理备注）',
      access: api.rpc('UpdateReport', '处理举报内容'),
      body: reportUpdate,
      reply: emptyReply,
    },
    async (req) => {
      if (!(await repo.exists(req.body.id))) throw notFound('举报不存在');
      await repo.update(req.body);
      return {};
    },
  );

  const table = adminTable(api, { url: '/report', entity: 'Report', name: '举报' });
  table.delete(repo, { title: '删除举报内容', summary: '删除举报', querystring: reportDelete });
  table.list(repo, {
    title: '查询举报列表',
    summary: '举报列表（新的在前；wd 搜索文档标题与备注，status 筛选是否已处理）',
    querystring: reportList,
    reply: reportListReply,
    key: 'report',
  });
}
