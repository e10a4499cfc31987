import type { FastifyInstance } from 'fastify';
import { deleteHandler, updateHandler } from '../../http/crud.ts';
import { notFound } from '../../http/errors.ts';
import { askedColumns } from '../../http/list.ts';
import {
  friendlink,
  friendlinkDelete,
  friendlinkGet,
  friendlinkInput,
  friendlinkList,
  friendlinkListReply,
  friendlinkUpdate,
} from '../../../contract/friendlink.ts';
import { emptyReply } from '../../../contract/common.ts';
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

  api.post(
    '/friendlink',
    {
      summary: '创建友链（链接必须是 http(s) 地址；未传 enable 时默认启用）',
      access: api.rpc('CreateFriendlink', '创建友链'),
      body: friendlinkInput,
      reply: friendlink.partial(),
    },
    async (req) => {
      const row = await repo.create(req.body);
      changed();
      return toFriendlink(row);
    },
  );

  api.put(
    '/friendlink',
    {
      summary: '更新友链（覆盖整条记录）',
      access: api.rpc('UpdateFriendlink', '更新友链'),
      body: friendlinkUpdate,
      reply: emptyReply,
    },
    updateHandler(repo, '友链不存在', changed),
  );

  api.delete(
    '/friendlink',
    { summary: '删除友链', access: api.rpc('DeleteFriendlink', '删除友链'), querystring: friendlinkDelete, reply: emptyReply },
    deleteHandler('请选择要删除的友链', async (ids) => {
      if (await repo.delete(ids)) changed();
    }),
  );

  api.get(
    '/friendlink',
    {
      summary: '根据ID查询友链（未授权时只能查到启用的友链）',
      access: 'public',
      querystring: friendlinkGet,
      reply: friendlink.partial(),
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
      querystring: friendlinkList,
      reply: friendlinkListReply,
    },
    async (req) => {
      const q = req.query;
      const privileged = await req.auth.can(listPermission.path);
      const { total, rows } = privileged
        ? await repo.list({ ...q, fields: askedColumns(FRIENDLINK_COLUMNS, q.field), enabledOnly: false })
        : await repo.list({ page: q.page, size: q.size, fields: PUBLIC_FRIENDLINK_COLUMNS, enabledOnly: true });
      return { total, friendlink: rows.map(toFriendlink) };
    },
  );
}
