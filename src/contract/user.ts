import { z } from 'zod';
import { captchaFields } from './captcha.ts';
import { idList, ids, integer, pageQuery, repeated } from './common.ts';
import { itemsReply, listReply, optionalNumbers, optionalStrings, strings } from './reply.ts';
import { apiPermission, endpoint, service } from './endpoint.ts';
import { mobileField, smsCodeField } from './sms.ts';
import { group } from './group.ts';
import { USERNAME_HIDDEN_CHARS, foldUsername, hasHiddenChars } from './username.ts';
import { MOBILE_PATTERN } from '../domain/rules.ts';

const emailFormat = z.email({ error: '邮箱格式不正确' }).max(128, '邮箱最多128个字符');

/**
 * 3–32 characters; never an e-mail or a mobile number (judged on the folded form, so a full-width
 * ＠ counts), so that login by either stays unambiguous; nothing invisible or direction-changing.
 */
export const usernameField = z
  .string({ error: '请输入用户名' })
  .trim()
  .min(3, '用户名长度须为3到32个字符')
  .max(32, '用户名长度须为3到32个字符')
  .refine((v) => !hasHiddenChars(v), USERNAME_HIDDEN_CHARS)
  .refine((v) => {
    const folded = foldUsername(v);
    return !folded.includes('@') && !MOBILE_PATTERN.test(folded);
  }, '用户名不能是邮箱或手机号');

export const passwordField = z.string({ error: '请输入密码' }).min(6, '密码至少6位').max(128, '密码最多128位');
// e-mails are stored and looked up lower-cased, so one address is one account whatever its spelling
export const emailField = z.string({ error: '请输入邮箱' }).trim().toLowerCase().min(1, '请输入邮箱').pipe(emailFormat);
/** An e-mail that may be left empty (profile). */
export const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.union([z.literal(''), emailFormat]))
  .optional();

const groupIds = idList('请选择用户组');
const text = (max: number, label: string) => z.string().trim().max(max, `${label}最多${max}个字符`).optional();

export const registerBody = z.object({
  username: usernameField,
  password: passwordField,
  email: emailField,
  code: z.string().trim().max(16).default(''),
  ...captchaFields,
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  username: z.string({ error: '请输入用户名或邮箱' }).trim().min(1, '请输入用户名或邮箱').max(128),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '用户名或密码错误'),
  ...captchaFields,
});
export type LoginBody = z.input<typeof loginBody>;

export const getUserQuery = z.object({ id: integer(z.number().int().min(0).optional()) });

export const updatePasswordBody = z.object({
  id: integer(z.number().int().min(0).default(0)),
  old_password: z.string().max(128).default(''),
  new_password: z.string({ error: '请输入新密码' }).min(6, '新密码至少6位').max(128, '新密码最多128位'),
});
export type UpdatePasswordBody = z.input<typeof updatePasswordBody>;

/** Only these columns can be changed through the profile; other keys a client sends are ignored. */
export const updateProfileBody = z.object({
  id: integer(z.number().int().min(0).default(0)),
  mobile: text(20, '手机号'),
  email: optionalEmail,
  address: text(255, '地址'),
  signature: text(255, '个性签名'),
  avatar: text(255, '头像地址'),
  realname: text(32, '真实姓名'),
  identity: text(32, '身份证号'),
  remark: text(500, '备注'),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const deleteUserQuery = z.object({ id: ids, password: z.string().default('') });
export type DeleteUserQuery = z.input<typeof deleteUserQuery>;

export const addUserBody = z.object({
  username: usernameField,
  password: passwordField,
  email: emailField,
  group_id: groupIds,
});
export type AddUserBody = z.input<typeof addUserBody>;

export const setUserBody = z.object({
  id: integer(z.number({ error: '请指定用户' }).int().positive('请指定用户')),
  group_id: groupIds,
  password: z.union([z.literal(''), passwordField]).default(''),
});
export type SetUserBody = z.input<typeof setUserBody>;

export const listUserQuery = pageQuery.extend({
  id: ids,
  group_id: ids,
  // accepted for moredoc clients; there is no user status
  status: repeated(integer(z.number().int())),
});
export type ListUserQuery = z.input<typeof listUserQuery>;

export const mobileRegisterBody = z.object({ mobile: mobileField, code: smsCodeField, password: passwordField });
export type MobileRegisterBody = z.input<typeof mobileRegisterBody>;
export const mobileLoginBody = z.object({ mobile: mobileField, code: smsCodeField });
export type MobileLoginBody = z.input<typeof mobileLoginBody>;
export const mobileFindPasswordBody = mobileRegisterBody;

export const findPasswordStepOneBody = z.object({ email: emailField, ...captchaFields });
export type FindPasswordStepOneBody = z.input<typeof findPasswordStepOneBody>;

export const findPasswordStepTwoBody = z.object({
  email: emailField,
  token: z.string({ error: '链接已失效，请重新找回密码' }).trim().min(1, '链接已失效，请重新找回密码').max(2048),
  password: passwordField,
  ...captchaFields,
});
export type FindPasswordStepTwoBody = z.input<typeof findPasswordStepTwoBody>;

/** Code type 0 = registration (moredoc's EmailCodeType). */
export const sendEmailCodeBody = z.object({
  email: emailField,
  type: integer(z.number().int().min(0).max(0, '不支持的验证码类型').default(0)),
  ...captchaFields,
});
export type SendEmailCodeBody = z.input<typeof sendEmailCodeBody>;

/** Wire user (contract §3.1). Zero values are omitted on the wire, so every field but id may be absent. */
export const user = z.object({
  id: z.number(),
  /** moredoc Pro: a membership is running. */
  is_vip: z.boolean().optional(),
  ...optionalStrings('username', 'mobile', 'email', 'address', 'signature', 'avatar'),
  ...optionalStrings('identity', 'realname', 'remark', 'last_login_ip', 'register_ip'),
  ...optionalNumbers('doc_count', 'follow_count', 'fans_count', 'favorite_count'),
  ...optionalNumbers('comment_count', 'article_count', 'credit_count'),
  /** Only filled by the user list. */
  group_id: z.array(z.number()).optional(),
  login_at: z.string().nullable().optional(),
  ...optionalStrings('created_at', 'updated_at'),
});
export type User = z.infer<typeof user>;

export const authReply = z.object({ token: z.string(), user: user });
export type AuthReply = z.infer<typeof authReply>;

/** `total` is left out where moredoc skips the count (limit and id lookups). */
export const userListReply = listReply('user', user).partial({ total: true });

export const userPermission = z.object({ id: z.number(), ...strings('method', 'path'), title: z.string().optional() });
export type UserPermission = z.infer<typeof userPermission>;

/** A group the user belongs to (contract §3.2), flags as booleans. */
export const groupInfo = group.partial().required({ id: true, title: true });
export type GroupInfo = z.infer<typeof groupInfo>;

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

/** UserAPI (api-contract §2.1) for members and guests: accounts, sign-in, profile, password reset (e-mail or SMS). */
export const userApi = service('UserAPI', '用户', {
  calls: {
    register: endpoint.post('/user/register', 'public', { body: registerBody, reply: authReply }),
    login: endpoint.post('/user/login', 'public', { body: loginBody, reply: authReply }),
    logout: endpoint.delete('/user/logout', 'public'),
    get: endpoint.get('/user', 'public', { query: getUserQuery, reply: user }),
    updatePassword: endpoint.put('/user/password', 'login', { body: updatePasswordBody }),
    updateProfile: endpoint.put('/user/profile', 'login', { body: updateProfileBody }),
    permissions: endpoint.get('/user/permission', 'login', { reply: itemsReply('permission', userPermission) }),
    groups: endpoint.get('/user/group', 'login', { reply: itemsReply('group', groupInfo) }),
    canUploadDocument: endpoint.get('/user/caniuploaddocument', 'login'),
    canPublishArticle: endpoint.get('/user/canipublisharticle', 'login'),
    sendEmailCode: endpoint.post('/user/email/code', 'public', { body: sendEmailCodeBody }),
    findPasswordStepOne: endpoint.post('/user/findpassword/stepone', 'public', { body: findPasswordStepOneBody }),
    findPasswordStepTwo: endpoint.put('/user/findpassword/steptwo', 'public', { body: findPasswordStepTwoBody }),
    registerMobile: endpoint.post('/user/register/mobile', 'public', { body: mobileRegisterBody, reply: authReply }),
    loginMobile: endpoint.post('/user/login/mobile', 'public', { body: mobileLoginBody, reply: authReply }),
    findPasswordMobile: endpoint.post('/user/findpassword/mobile', 'public', { body: mobileFindPasswordBody }),
  },
  summaries: {
    register: '用户注册',
    login: '用户登录（用户名或邮箱）',
    logout: '退出登录（令牌随即失效）',
    get: '查询用户（不传 id 为当前用户）',
    updatePassword: '修改密码（他人密码需要权限；其他登录会话随即失效）',
    updateProfile: '更新用户资料（只改传入的字段）',
    permissions: '当前用户的权限列表',
    groups: '当前用户所在的用户组',
    canUploadDocument: '当前用户是否可以上传文档',
    canPublishArticle: '当前用户是否可以发布文章',
    sendEmailCode: '发送注册邮箱验证码',
    findPasswordStepOne: '找回密码第一步：发送重置链接到邮箱（邮箱是否注册，回答都一样）',
    findPasswordStepTwo: '找回密码第二步：凭最新的邮件链接设置新密码（链接只能用一次，账户的所有登录随即失效）',
    registerMobile: '手机号注册（短信验证码）',
    loginMobile: '手机号登录（短信验证码）',
    findPasswordMobile: '通过手机号找回密码（短信验证码；账户的所有登录随即失效）',
  },
  /** checked inside handlers (the owner may, a holder may for anyone) */
  checks: { get: USER_PERMS.get, updatePassword: USER_PERMS.updatePassword, updateProfile: USER_PERMS.updateProfile },
});
