import { perm } from '../../auth/access.ts';

/** Permissions of the UserAPI, moredoc paths and titles (the client groups its admin menu by them). */
export const USER_PERMS = {
  get: perm('/api.v1.UserAPI/GetUser', '根据ID查询用户'),
  updatePassword: perm('/api.v1.UserAPI/UpdateUserPassword', '修改用户密码'),
  updateProfile: perm('/api.v1.UserAPI/UpdateUserProfile', '更新用户资料'),
  delete: perm('/api.v1.UserAPI/DeleteUser', '删除用户'),
  add: perm('/api.v1.UserAPI/AddUser', '新增用户'),
  set: perm('/api.v1.UserAPI/SetUser', '设置用户密码与分组'),
  list: perm('/api.v1.UserAPI/ListUser', '查看用户列表'),
};
