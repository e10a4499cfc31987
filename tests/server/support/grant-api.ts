import type { TestApp } from './app.ts';

export type PermRef = string | { path: string; method: string };

let n = 0;

async function ok(t: TestApp, opts: Parameters<TestApp['call']>[0]) {
  const res = await t.call(opts);
  if (res.status !== 200)
    throw new Error(`${opts.method ?? 'GET'} ${opts.url} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The id of a permission row, looked up through the permission list API. */
export async function permissionId(t: TestApp, admin: string, ref: PermRef): Promise<number> {
  const { path, method } = typeof ref === 'string' ? { path: ref, method: 'GRPC' } : ref;
  const body = await ok(t, {
    url: `/api/v1/permission/list?size=0&path=${encodeURIComponent(path)}&method=${method}`,
    token: admin,
  });
  const hit = (body.permission ?? []).find((p: { path: string; method: string }) => p.path === path && p.method === method);
  if (!hit) throw new Error(`permission ${method} ${path} not found`);
  return hit.id as number;
}

/**
 * Grants permissions the way an admin does in the back office: a new group (POST /group),
 * its permissions (PUT /group/permission), then the user into it (PUT /user). Returns the group id.
 */
export async function grantViaApi(t: TestApp, admin: string, userId: number, refs: PermRef[]): Promise<number> {
  const ids: number[] = [];
  for (const ref of refs) ids.push(await permissionId(t, admin, ref));
  const group = await ok(t, { method: 'POST', url: '/api/v1/group', token: admin, payload: { title: `授权组${++n}-${userId}` } });
  await ok(t, {
    method: 'PUT',
    url: '/api/v1/group/permission',
    token: admin,
    payload: { group_id: group.id, permission_id: ids },
  });
  await ok(t, { method: 'PUT', url: '/api/v1/user', token: admin, payload: { id: userId, group_id: [group.id] } });
  return group.id as number;
}
