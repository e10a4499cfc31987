import type { PermissionDecl, ServiceTable } from './endpoint.ts';
import { advertisementApi } from './advertisement.ts';
import { articleApi } from './article.ts';
import { attachmentApi } from './attachment.ts';
import { backupApi } from './backup.ts';
import { bannerApi } from './banner.ts';
import { captchaApi } from './captcha.ts';
import { categoryApi } from './category.ts';
import { commentApi } from './comment.ts';
import { configApi } from './config.ts';
import { creditApi } from './credit.ts';
import { documentAdminApi } from './document-admin.ts';
import { documentApi } from './document.ts';
import { downloadApi } from './download.ts';
import { dynamicApi } from './dynamic.ts';
import { favoriteApi } from './favorite.ts';
import { feedbackApi } from './feedback.ts';
import { navigationApi } from './navigation.ts';
import { orderApi } from './order.ts';
import { payNotifyApi } from './pay-notify.ts';
import { punishmentApi } from './punishment.ts';
import { vipApi } from './vip.ts';
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
  advertisement: advertisementApi,
  article: articleApi,
  attachment: attachmentApi,
  backup: backupApi,
  banner: bannerApi,
  captcha: captchaApi,
  category: categoryApi,
  comment: commentApi,
  config: configApi,
  credit: creditApi,
  'document-admin': documentAdminApi,
  document: documentApi,
  download: downloadApi,
  dynamic: dynamicApi,
  favorite: favoriteApi,
  feedback: feedbackApi,
  navigation: navigationApi,
  order: orderApi,
  'pay-notify': payNotifyApi,
  punishment: punishmentApi,
  vip: vipApi,
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
