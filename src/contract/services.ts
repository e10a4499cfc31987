import type { ServiceTable } from './endpoint.ts';
import { captchaApi } from './captcha.ts';
import { configApi } from './config.ts';
import { dynamicApi } from './dynamic.ts';
import { friendlinkApi } from './friendlink.ts';
import { groupApi } from './group.ts';
import { notificationApi } from './notification.ts';
import { oauthApi } from './oauth.ts';
import { permissionApi } from './permission.ts';
import { searchApi } from './search.ts';
import { searchrecordApi } from './searchrecord.ts';
import { smsApi } from './sms.ts';
import { systemApi } from './system.ts';
import { userAdminApi } from './user-admin.ts';
import { userApi } from './user.ts';

/**
 * Every service's endpoint table, by the name of its contract file (`friendlink` is src/contract/friendlink.ts).
 * The server's routes, `tests/server/contract.test.ts` and `scripts/gen-api.ts` (the browser's projection in
 * src/api/generated/<file>.ts) read it.
 */
export const SERVICE_TABLES = {
  captcha: captchaApi,
  config: configApi,
  dynamic: dynamicApi,
  friendlink: friendlinkApi,
  group: groupApi,
  notification: notificationApi,
  oauth: oauthApi,
  permission: permissionApi,
  search: searchApi,
  searchrecord: searchrecordApi,
  sms: smsApi,
  system: systemApi,
  user: userApi,
  'user-admin': userAdminApi,
} as const satisfies Record<string, ServiceTable>;
