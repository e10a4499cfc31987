import type { FastifyInstance } from 'fastify';
import advertisementRoutes from './advertisement/advertisement.routes.ts';
import articlePlugin from './article/article.module.ts';
import attachmentRoutes from './attachment/attachment.routes.ts';
import backupRoutes from './backup/backup.routes.ts';
import bannerRoutes from './banner/banner.routes.ts';
import captchaRoutes from './captcha/captcha.routes.ts';
import navigationRoutes from './navigation/navigation.routes.ts';
import notificationRoutes from './notification/notification.routes.ts';
import categoryRoutes from './category/category.routes.ts';
import commentRoutes from './comment/comment.routes.ts';
import configRoutes from './config/config.routes.ts';
import creditRoutes from './credit/credit.routes.ts';
import orderRoutes from './order/order.routes.ts';
import payNotifyRoutes from './order/pay/notify.routes.ts';
import vipRoutes from './vip/vip.routes.ts';
import systemRoutes from './config/system.routes.ts';
import documentModule from './document/document.module.ts';
import dynamicRoutes from './dynamic/dynamic.routes.ts';
import feedbackRoutes from './feedback/feedback.routes.ts';
import groupRoutes from './group/group.routes.ts';
import friendlinkRoutes from './friendlink/friendlink.routes.ts';
import languageRoutes from './language/language.routes.ts';
import permissionRoutes from './permission/permission.routes.ts';
import punishmentRoutes from './punishment/punishment.routes.ts';
import reportRoutes from './report/report.routes.ts';
import uploadRoutes from './upload/upload.routes.ts';
import passwordResetRoutes from './user/password-reset.routes.ts';
import mobileRoutes from './user/mobile.routes.ts';
import smsRoutes from './sms/sms.routes.ts';
import oauthRoutes from './oauth/oauth.routes.ts';
import userAdminRoutes from './user/user.admin.routes.ts';
import userRoutes from './user/user.routes.ts';
import searchRoutes from './search/search.routes.ts';
import searchRecordRoutes from './searchrecord/searchrecord.routes.ts';

/** Every /api/v1 feature module, registered under the /api/v1 prefix by app.ts. */
export const apiModules: Array<(app: FastifyInstance) => Promise<void>> = [
  navigationRoutes,
  groupRoutes,
  permissionRoutes,
  configRoutes,
  systemRoutes,
  categoryRoutes,
  languageRoutes,
  uploadRoutes,
  userRoutes,
  userAdminRoutes,
  dynamicRoutes,
  passwordResetRoutes,
  smsRoutes,
  oauthRoutes,
  mobileRoutes,
  captchaRoutes,
  attachmentRoutes,
  reportRoutes,
  bannerRoutes,
  friendlinkRoutes,
  advertisementRoutes,
  commentRoutes,
  punishmentRoutes,
  feedbackRoutes,
  articlePlugin,
  documentModule,
  searchRoutes,
  searchRecordRoutes,
  creditRoutes,
  orderRoutes,
  payNotifyRoutes,
  vipRoutes,
  notificationRoutes,
  backupRoutes,
];
