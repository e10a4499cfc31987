import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../auth/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
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

export const FRIENDLINK_LIST_PERMISSION = perm('/api.v1.FriendlinkAPI/ListFriendlink', '查看友链列表');
export const FRIENDLINK_GET_PERMISSION = perm('/api.v1.FriendlinkAPI/GetFriendlink', '根据ID查询友链');

/**
 * Friend links. Unlike moredoc, none are seeded: its two defaults point at moredoc's own sites,
 * which would be wrong on somebody else's library.
 */
export default async function friendlinkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = app.ctx.repos.friendlink;
  const tags = ['友情链接'];
  // enabled links are baked into the static pages' footer
  const changed = () => void app.ctx.events.publish({ kind: 'shared', what: 'friendlink' });

  r.post(
    '/friendlink',
    {
      schema: {
        response: { 200: friendlink.partial() },
        tags,
        summary: '创建友链（链接必须是 http(s) 地址；未传 enable 时默认启用）',
        body: friendlinkInput,
      },
      config: { access: perm('/api.v1.FriendlinkAPI/CreateFriendlink', '创建友链') },
    },
    async (req) => {
      const row = await repo.create(req.body);
      changed();
      return toFriendlink(row);
    },
  );

  r.put(
    '/friendlink',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '更新友链（覆盖整条记录）', body: friendlinkUpdate },
      config: { access: perm('/api.v1.FriendlinkAPI/UpdateFriendlink', '更新友链') },
    },
    async (req) => {
      if (!(await repo.get(req.body.id))) throw notFound('友链不存在');
      await repo.update(req.body);
      changed();
      return {};
    },
  );

  r.delete(
    '/friendlink',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '删除友链', querystring: friendlinkDelete },
      config: { access: perm('/api.v1.FriendlinkAPI/DeleteFriendlink', '删除友链') },
    },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要删除的友链');
      if (await repo.delete([...new Set(req.query.id)])) changed();
      return {};
    },
  );

  r.get(
    '/friendlink',
    {
      schema: {
        response: { 200: friendlink.partial() },
        tags,
        summary: '根据ID查询友链（未授权时只能查到启用的友链）',
        querystring: friendlinkGet,
      },
      config: { access: 'public' },
    },
    async (req) => {
      const row = await repo.get(req.query.id);
      if (!row || (!row.enable && !(await req.auth.can(FRIENDLINK_GET_PERMISSION.path)))) throw notFound('友链不存在');
      return toFriendlink(row);
    },
  );

  r.get(
    '/friendlink/list',
    {
      schema: {
        response: { 200: friendlinkListReply },
        tags,
        summary: '友链列表（启用的在前，sort 大的在前；未授权时只返回启用的友链的 id、title、link）',
        querystring: friendlinkList,
      },
      config: { access: 'public' },
    },
    async (req) => {
      const q = req.query;
      const privileged = await req.auth.can(FRIENDLINK_LIST_PERMISSION.path);
      const picked = FRIENDLINK_COLUMNS.filter((c) => q.field?.includes(c));
      const { total, rows } = privileged
        ? await repo.list({ ...q, fields: picked.length ? picked : FRIENDLINK_COLUMNS, enabledOnly: false })
        : await repo.list({ page: q.page, size: q.size, fields: PUBLIC_FRIENDLINK_COLUMNS, enabledOnly: true });
      return { total, friendlink: rows.map(toFriendlink) };
    },
  );
  app.ctx.permissions.declare(FRIENDLINK_LIST_PERMISSION);
  app.ctx.permissions.declare(FRIENDLINK_GET_PERMISSION);
}
