/**
 * Admin screens of articles, comments, feedback, punishments and site content, by path.
 * Each is loaded on first use (its own chunk: the article editor brings TipTap, some forms the
 * shared zod contract), behind a spinner.
 */
import type { ComponentType } from 'react';
import { lazyScreen } from '../../common/lazyScreen.tsx';

export const CONTENT_SCREENS: Record<string, ComponentType> = {
  '/admin/article/list': lazyScreen(() => import('./article/ArticleList.tsx').then((m) => m.ArticleList)),
  '/admin/article/set': lazyScreen(() => import('./article/ArticleSet.tsx').then((m) => m.ArticleSet)),
  '/admin/article/recycle': lazyScreen(() => import('./article/ArticleRecycle.tsx').then((m) => m.ArticleRecycle)),
  '/admin/comment': lazyScreen(() => import('./comment/CommentList.tsx').then((m) => m.CommentList)),
  '/admin/feedback': lazyScreen(() => import('./feedback/FeedbackList.tsx').then((m) => m.FeedbackList)),
  '/admin/user/punishment': lazyScreen(() => import('./punishment/PunishmentList.tsx').then((m) => m.PunishmentList)),
  '/admin/user/sms': lazyScreen(() => import('./sms/SmsList.tsx').then((m) => m.SmsList)),
  '/admin/banner': lazyScreen(() => import('./banner/BannerList.tsx').then((m) => m.BannerList)),
  '/admin/friendlink': lazyScreen(() => import('./friendlink/FriendlinkList.tsx').then((m) => m.FriendlinkList)),
  '/admin/advertisement': lazyScreen(() => import('./advertisement/AdvertisementList.tsx').then((m) => m.AdvertisementList)),
};
