import type { Database } from '../db/db.ts';
import { AdvertisementRepo } from './advertisement/advertisement.repo.ts';
import { ArticleCategoryRepo } from './article/article-category.repo.ts';
import { ArticleListRepo } from './article/article-list.repo.ts';
import { ArticleRepo } from './article/article.repo.ts';
import { AttachmentRepo } from './attachment/attachment.repo.ts';
import { BannerRepo } from './banner/banner.repo.ts';
import { CaptchaRepo } from './captcha/captcha.repo.ts';
import { CategoryRepo } from './category/category.repo.ts';
import { CommentRepo } from './comment/comment.repo.ts';
import { CommentTargetRepo } from './comment/comment-target.repo.ts';
import { ConfigRepo } from './config/config.repo.ts';
import { CreditRepo } from './credit/credit.repo.ts';
import { DocumentListRepo } from './document/document-list.repo.ts';
import { DocumentViewsRepo } from './document/document-views.repo.ts';
import { DocumentSitemapRepo } from './document/sitemap.repo.ts';
import { DocumentRepo } from './document/document.repo.ts';
import { DownloadRepo } from './document/download.repo.ts';
import { FavoriteRepo } from './document/favorite.repo.ts';
import { HomeRepo } from './document/home.repo.ts';
import { ScoreRepo } from './document/score.repo.ts';
import { DynamicRepo } from './dynamic/dynamic.repo.ts';
import { FeedbackRepo } from './feedback/feedback.repo.ts';
import { FriendlinkRepo } from './friendlink/friendlink.repo.ts';
import { GroupRepo } from './group/group.repo.ts';
import { HealthRepo } from './health/health.repo.ts';
import { LanguageRepo } from './language/language.repo.ts';
import { NavigationRepo } from './navigation/navigation.repo.ts';
import { NotificationRepo } from './notification/notification.repo.ts';
import { OauthRepo } from './oauth/oauth.repo.ts';
import { OrderRepo } from './order/order.repo.ts';
import { PermissionRepo } from './permission/permission.repo.ts';
import { PunishmentRepo } from './punishment/punishment.repo.ts';
import { ReportRepo } from './report/report.repo.ts';
import { SearchRecordRepo } from './searchrecord/searchrecord.repo.ts';
import { SmsRepo } from './sms/sms.repo.ts';
import { UploadRepo } from './upload/upload.repo.ts';
import { LoginFailureRepo } from './user/login-failure.repo.ts';
import { UserRepo } from './user/user.repo.ts';
import { MembershipRepo } from './user/membership.repo.ts';
import { ViewRepo } from './view/view.repo.ts';
import { VipRepo } from './vip/vip.repo.ts';

/**
 * One repository of each module, bound to the app's database; built once by bootstrap.ts and
 * reached as `ctx.repos.x`. Inside a transaction a service builds the one it needs on the
 * transaction handle (`new XRepo(trx)`): every repository takes either.
 */
export function createRepos(db: Database) {
  return {
    advertisement: new AdvertisementRepo(db),
    article: new ArticleRepo(db),
    articleCategory: new ArticleCategoryRepo(db),
    articleList: new ArticleListRepo(db),
    attachment: new AttachmentRepo(db),
    banner: new BannerRepo(db),
    captcha: new CaptchaRepo(db),
    category: new CategoryRepo(db),
    comment: new CommentRepo(db),
    commentTarget: new CommentTargetRepo(db),
    config: new ConfigRepo(db),
    credit: new CreditRepo(db),
    document: new DocumentRepo(db),
    documentList: new DocumentListRepo(db),
    documentViews: new DocumentViewsRepo(db),
    documentSitemap: new DocumentSitemapRepo(db),
    download: new DownloadRepo(db),
    dynamic: new DynamicRepo(db),
    favorite: new FavoriteRepo(db),
    feedback: new FeedbackRepo(db),
    friendlink: new FriendlinkRepo(db),
    group: new GroupRepo(db),
    health: new HealthRepo(db),
    home: new HomeRepo(db),
    language: new LanguageRepo(db),
    loginFailure: new LoginFailureRepo(db),
    navigation: new NavigationRepo(db),
    membership: new MembershipRepo(db),
    notification: new NotificationRepo(db),
    oauth: new OauthRepo(db),
    order: new OrderRepo(db),
    permission: new PermissionRepo(db),
    punishment: new PunishmentRepo(db),
    report: new ReportRepo(db),
    score: new ScoreRepo(db),
    searchRecord: new SearchRecordRepo(db),
    sms: new SmsRepo(db),
    upload: new UploadRepo(db),
    user: new UserRepo(db),
    view: new ViewRepo(db),
    vip: new VipRepo(db),
  };
}

export type Repos = ReturnType<typeof createRepos>;
