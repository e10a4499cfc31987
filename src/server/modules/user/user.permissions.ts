import { apiPermission } from '../../auth/access.ts';

const rpc = apiPermission('UserAPI');

/** Permissions of the UserAPI, moredoc paths and titles (the client groups its admin menu by them). */
export const USER_PERMS = {
  get: rpc('GetUser', '根据ID查询用户'),
  updatePassword: rpc('UpdateUserPassword', '修改用户密码'),
  updateProfile: rpc('UpdateUserProfile', '更新用户资料'),
  delete: rpc('DeleteUser', '删除用户'),
  add: rpc('AddUser', '新增用户'),
  set: rpc('SetUser', '设置用户密码与分组'),
  list: rpc('ListUser', '查看用户列表'),
};
