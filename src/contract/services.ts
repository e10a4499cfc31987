import type { PermissionDecl, ServiceTable } from './endpoint.ts';
import { attachmentApi } from './attachment.ts';
import { backupApi } from './backup.ts';
import { captchaApi } from './captcha.ts';
import { categoryApi } from './category.ts';
import { configApi } from './config.ts';
import { documentAdminApi } from './document-admin.ts';
import { documentApi } from './document.ts';
import { downloadApi } from './download.ts';
import { dynamicApi } from './dynamic.ts';
import { favoriteApi } from './favorite.ts';
import { friendlinkApi } from './friendlink.ts';
import { groupApi } from './group.ts';
import { languageApi } from './language.ts';
import { notificationApi } from './notification.ts';
import { oauthApi } from './oauth.ts';
import { permissionApi } from './permission.ts';
import { recycleApi } from './recycle.ts';
import { reportApi } from './report.ts';
import { scoreApi } from './score.ts';
import { searchApi } from './search.ts';
import { searchrecordApi } from './searchrecord.ts';
import { smsApi } from './sms.ts';
import { systemApi } from './system.ts';
import { uploadApi } from './upload.ts';
import { userAdminApi } from './user-admin.ts';
import { userApi } from './user.ts';

/**
 * Every service's endpoint table, by the name of its contract file (`friendlink` is src/contract/friendlink.ts).
 * The server's routes, `tests/server/contract.test.ts` and `scripts/gen-api.ts` (the browser's projection in
 * src/api/generated/<file>.ts) read it.
 */
export const SERVICE_TABLES = {
  attachment: attachmentApi,
  backup: backupApi,
  captcha: captchaApi,
  category: categoryApi,
  config: configApi,
  'document-admin': documentAdminApi,
  document: documentApi,
  download: downloadApi,
  dynamic: dynamicApi,
  favorite: favoriteApi,
  friendlink: friendlinkApi,
  group: groupApi,
  language: languageApi,
  notification: notificationApi,
  oauth: oauthApi,
  permission: permissionApi,
  recycle: recycleApi,
  report: reportApi,
  score: scoreApi,
  search: searchApi,
  searchrecord: searchrecordApi,
  sms: smsApi,
  system: systemApi,
  upload: uploadApi,
  'user-admin': userAdminApi,
  user: userApi,
} as const satisfies Record<string, ServiceTable>;

/** Every permission the tables name: their calls' and their handlers' own checks (the seed's titles). */
export function tablePermissions(): PermissionDecl[] {
  return Object.values(SERVICE_TABLES as Record<string, ServiceTable>).flatMap((t) => [
    ...Object.values(t.calls).flatMap((c) => (typeof c.access === 'object' ? [c.access] : [])),
    ...Object.values(t.checks ?? {}),
  ]);
}
