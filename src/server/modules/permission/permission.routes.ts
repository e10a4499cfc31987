import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../http/admin-table.ts';
import { permissionApi } from '../../../contract/permission.ts';
import { serviceRoutes } from '../../http/routes.ts';

export default async function permissionRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.permission;
  const { calls } = permissionApi;
  const table = tableRoutes(serviceRoutes(app, permissionApi), { name: '权限' });

  table.update(repo, calls.update);
  table.get(repo, calls.get);
  table.list(repo, calls.list, 'permission');
}
