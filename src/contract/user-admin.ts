import { addUserBody, deleteUserQuery, listUserQuery, setUserBody, USER_PERMS, userListReply } from './user.ts';
import { endpoint, type ServiceTable } from './endpoint.ts';
import { emptyReply } from './reply.ts';

/** UserAPI (api-contract §2.1) in the back office: DeleteUser, AddUser, SetUser, and ListUser (public, with fewer columns). */
export const userAdminApi = {
  service: 'UserAPI',
  tags: ['用户管理'],
  calls: {
    delete: endpoint.delete('/user', {
      summary: '删除用户（password 为当前管理员的密码）',
      access: USER_PERMS.delete,
      query: deleteUserQuery,
      reply: emptyReply,
    }),
    add: endpoint.post('/user', { summary: '新增用户', access: USER_PERMS.add, body: addUserBody, reply: emptyReply }),
    set: endpoint.put('/user', { summary: '设置用户密码与分组', access: USER_PERMS.set, body: setUserBody, reply: emptyReply }),
    list: endpoint.get('/user/list', {
      summary: '用户列表（无权限时只含个人主页的公开字段，每页最多100个）',
      access: 'public',
      query: listUserQuery,
      reply: userListReply,
    }),
  },
  /** a holder gets every column and filter, up to 1000 a page */
  checks: { list: USER_PERMS.list },
} as const satisfies ServiceTable;
