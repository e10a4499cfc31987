import { z } from 'zod';
import { captchaFields } from './captcha.ts';
import { idList, ids, integer, pageQuery, repeated } from './common.ts';
import { listReply, optionalNumbers, optionalStrings, strings } from './reply.ts';
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
export type UserListReply = z.infer<typeof userListReply>;

export const userPermission = z.object({ id: z.number(), ...strings('method', 'path'), title: z.string().optional() });
export type UserPermission = z.infer<typeof userPermission>;

/** A group the user belongs to (contract §3.2), flags as booleans. */
export const groupInfo = group.partial().required({ id: true, title: true });
export type GroupInfo = z.infer<typeof groupInfo>;
