import type { FastifyInstance } from 'fastify';
import { adminTable } from '../../http/admin-table.ts';
import { notFound } from '../../http/errors.ts';
import { publicColumnsUnless } from '../../http/list.ts';
import * as wire from '../../../contract/friendlink.ts';
import { FRIENDLINK_COLUMNS, PUBLIC_FRIENDLINK_COLUMNS, toFriendlink } from './friendlink.repo.ts';
import { apiRoutes } from '../../http/routes.ts';

/**
 * Friend links. Unlike moredoc, none are seeded: its two defaults point at moredoc's own sites,
 * which would be wrong on somebody else's library.
 */
export default async function friendlinkRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.friendlink;
  const api = apiRoutes(app, ['友情链接'], 'FriendlinkAPI');
  const listPermission = api.checked('ListFriendlink', '查看友链列表');
  const getPermission = api.checked('GetFriendlink', '根据ID查询友链');
  // enabled links are baked into the static pages' footer
  const changed = () => void app.ctx.events.publish({ kind: 'shared', what: 'friendlink' });
  const table = adminTable(api, { url: '/friendlink', entity: 'Friendlink', name: '友链', changed });

  table.create(repo, {
    title: '创建友链',
    summary: '创建友链（链接必须是 http(s) 地址；未传 enable 时默认启用）',
    body: wire.friendlinkInput,
    reply: wire.friendlink.partial(),
    show: toFriendlink,
  });
  table.update(repo, { title: '更新友链', summary: '更新友链（覆盖整条记录）', body: wire.friendlinkUpdate });
  table.delete(repo, { title: '删除友链', querystring: wire.friendlinkDelete });

  api.get(
    '/friendlink',
    {
      summary: '根据ID查询友链（未授权时只能查到启用的友链）',
      access: 'public',
      querystring: wire.friendlinkGet,
      reply: wire.friendlink.partial(),
    },
    async (req) => {
      const row = await repo.get(req.query.id);
      if (!row || (!row.enable && !(await req.auth.can(getPermission.path)))) throw notFound('友链不存在');
      return toFriendlink(row);
    },
  );

  api.get(
    '/friendlink/list',
    {
      summary: '友链列表（启用的在前，sort 大的在前；未授权时只返回启用的友链的 id、title、link）',
      access: 'public',
      querystring: wire.friendlinkList,
      reply: wire.friendlinkListReply,
    },
    async (req) => {
      const privileged = await req.auth.can(listPermission.path);
      const q = publicColumnsUnless(privileged, req.query, FRIENDLINK_COLUMNS, PUBLIC_FRIENDLINK_COLUMNS);
      const { total, rows } = await repo.list(q);
      return { total, friendlink: rows.map(toFriendlink) };
    },
  );
}
