import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../http/admin-table.ts';
import { notFound } from '../../http/errors.ts';
import { publicColumnsUnless } from '../../http/list.ts';
import { friendlinkApi } from '../../../contract/friendlink.ts';
import { FRIENDLINK_COLUMNS, PUBLIC_FRIENDLINK_COLUMNS, toFriendlink } from './friendlink.repo.ts';
import { serviceRoutes } from '../../http/routes.ts';

/**
 * Friend links. Unlike moredoc, none are seeded: its two defaults point at moredoc's own sites,
 * which would be wrong on somebody else's library.
 */
export default async function friendlinkRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.friendlink;
  const { calls, checks } = friendlinkApi;
  const api = serviceRoutes(app, friendlinkApi);
  // enabled links are baked into the static pages' footer
  const changed = () => void app.ctx.events.publish({ kind: 'shared', what: 'friendlink' });
  const table = tableRoutes(api, { name: '友链', changed });

  table.create(repo, calls.create, toFriendlink);
  table.update(repo, calls.update);
  table.delete(repo, calls.delete);

  api.handle(calls.get, async (req) => {
    const row = await repo.get(req.query.id);
    if (!row || (!row.enable && !(await req.auth.can(checks.get.path)))) throw notFound('友链不存在');
    return toFriendlink(row);
  });

  api.handle(calls.list, async (req) => {
    const privileged = await req.auth.can(checks.list.path);
    const q = publicColumnsUnless(privileged, req.query, FRIENDLINK_COLUMNS, PUBLIC_FRIENDLINK_COLUMNS);
    const { total, rows } = await repo.list(q);
    return { total, friendlink: rows.map(toFriendlink) };
  });
}
