import { addUserBody, deleteUserQuery, listUserQuery, setUserBody, USER_PERMS, userListReply } from './user.ts';
import { endpoint, service } from './endpoint.ts';

/** UserAPI (api-contract §2.1) in the back office: DeleteUser, AddUser, SetUser, and ListUser (public, with fewer columns). */
export const userAdminApi = service('UserAPI', '用户管理', {
  calls: {
    delete: endpoint.delete('/user', USER_PERMS.delete, { query: deleteUserQuery }),
    add: endpoint.post('/user', USER_PERMS.add, { body: addUserBody }),
    set: endpoint.put('/user', USER_PERMS.set, { body: setUserBody }),
    list: endpoint.get('/user/list', 'public', { query: listUserQuery, reply: userListReply }),
  },
  summaries: {
    delete: '删除用户（password 为当前管理员的密码）',
    add: '新增用户',
    set: '设置用户密码与分组',
    list: '用户列表（无权限时只含个人主页的公开字段，每页最多100个）',
  },
  /** a holder gets every column and filter, up to 1000 a page */
  checks: { list: USER_PERMS.list },
});
