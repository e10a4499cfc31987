/** UserAPI calls (spec §7 "User", api-contract §2.1). Answers are normalised (defaults filled). */
import { getList, normalizeGroup, normalizeList, normalizePermission, normalizeUser, fill, fillList } from './defaults.ts';
import type { PageQuery, Paging, CaptchaReply, Dynamic, Group, ListReply, LoginReply, Permission, User } from './types.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

export interface LoginBody {
  username: string;
  password: string;
  captcha?: string;
  captcha_id?: string;
}
export interface RegisterBody extends LoginBody {
  email: string;
  code?: string;
}
export interface PasswordBody {
  id?: number;
  old_password?: string;
  new_password: string;
}
/** The profile columns the server writes (api-contract §2.1 UpdateUserProfile). */
export interface ProfileBody {
  id?: number;
  mobile?: string;
  email?: string;
  address?: string;
  signature?: string;
  avatar?: string;
  realname?: string;
  identity?: string;
  remark?: string;
}
export type CaptchaType = 'register' | 'login' | 'comment' | 'find_password' | 'sms';
export interface UserListParams extends PageQuery {
  sort?: string;
  id?: number[];
  group_id?: number[];
  limit?: number;
}
export type PageParams = Paging;

type Empty = Record<string, never>;

const loginReply = (d: unknown): LoginReply => {
  const o = (d ?? {}) as { token?: unknown; user?: unknown };
  return { token: typeof o.token === 'string' ? o.token : '', user: normalizeUser(o.user) };
};

export const login = async (body: LoginBody): Promise<ApiResult<LoginReply>> =>
  mapOk(await http.post<unknown>('/user/login', body), loginReply);

export const register = async (body: RegisterBody): Promise<ApiResult<LoginReply>> =>
  mapOk(await http.post<unknown>('/user/register', body), loginReply);

export const logout = (): Promise<ApiResult<Empty>> => http.del<Empty>('/user/logout');

/** The signed-in user, or another user's public profile with `{id}`. */
export const getUser = async (params?: { id?: number }): Promise<ApiResult<User>> =>
  mapOk(await http.get<unknown>('/user', params), normalizeUser);

export const updatePassword = (body: PasswordBody): Promise<ApiResult<Empty>> => http.put<Empty>('/user/password', body);

export const updateProfile = (body: ProfileBody): Promise<ApiResult<Empty>> => http.put<Empty>('/user/profile', body);

export const getCaptcha = async (type: CaptchaType): Promise<ApiResult<CaptchaReply>> =>
  mapOk(await http.get<unknown>('/user/captcha', { type }), (d) =>
    fill<CaptchaReply>({ enable: false, id: '', captcha: '', type: '' }, d),
  );

export const getPermissions = async (): Promise<ApiResult<{ permission: Permission[] }>> =>
  mapOk(await http.get<{ permission?: unknown }>('/user/permission'), (d) => ({
    permission: fillList(d.permission, normalizePermission),
  }));

/** 200 when the user may upload documents, 403 otherwise. */
export const canIUploadDocument = (): Promise<ApiResult<Empty>> => http.get<Empty>('/user/caniuploaddocument');

export const canIPublishArticle = (): Promise<ApiResult<Empty>> => http.get<Empty>('/user/canipublisharticle');

/** The signed-in user's groups. */
export const listUserGroups = async (): Promise<ApiResult<{ group: Group[] }>> =>
  mapOk(await http.get<{ group?: unknown }>('/user/group'), (d) => ({ group: fillList(d.group, normalizeGroup) }));

export const findPasswordStepOne = (body: { email: string; captcha?: string; captcha_id?: string }) =>
  http.post<Empty>('/user/findpassword/stepone', body);

export const findPasswordStepTwo = (body: {
  email: string;
  token: string;
  password: string;
  captcha?: string;
  captcha_id?: string;
}) => http.put<Empty>('/user/findpassword/steptwo', body);

/** E-mail code for registration (type 0). */
export const sendEmailCode = (body: { email: string; captcha?: string; captcha_id?: string; type?: number }) =>
  http.post<Empty>('/user/email/code', body);

export const listUsers = (params: UserListParams) => getList('/user/list', params, 'user', normalizeUser);

export const addUser = (body: { username: string; password: string; email: string; group_id: number[] }) =>
  http.post<Empty>('/user', body);

export const setUser = (body: { id: number; group_id: number[]; password?: string }) => http.put<Empty>('/user', body);

/** `password` is the caller's own password (the server checks it). */
export const deleteUser = (params: { id: number[]; password: string }) => http.del<Empty>('/user', params);

const DYNAMIC: Dynamic = { id: 0, user_id: 0, type: 0, content: '', created_at: '' };

export const listUserDynamics = async (params: PageParams): Promise<ApiResult<ListReply<'dynamic', Dynamic>>> =>
  mapOk(await http.get<unknown>('/user/dynamic', params), (d) => normalizeList(d, 'dynamic', (x) => fill(DYNAMIC, x)));
