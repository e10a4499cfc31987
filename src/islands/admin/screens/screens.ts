/**
 * Every screen of the back office by its name in the page table (lib/admin-pages.ts). Each is loaded on
 * first use (its own chunk: the article editor brings TipTap, some forms the shared zod contract), behind
 * a spinner, so the back office's first load is its frame.
 */
import type { ComponentType } from 'react';
import type { AdminScreen } from '../../../lib/admin-pages.ts';
import { lazyScreen } from '../../common/lazyScreen.tsx';

/** A screen gets the path it is shown at (the settings page picks its tab from it). */
export type Screen = ComponentType<{ path: string }>;

export const ADMIN_SCREENS: Readonly<Record<AdminScreen, Screen>> = {
  Dashboard: lazyScreen(() => import('./dashboard/Dashboard.tsx').then((m) => m.Dashboard)),
  Navigation: lazyScreen(() => import('./navigation/NavigationPage.tsx').then((m) => m.NavigationPage)),
  DocumentCategory: lazyScreen(() => import('./category/CategoryPage.tsx').then((m) => m.DocumentCategoryPage)),
  DocumentList: lazyScreen(() => import('./document/DocumentList.tsx').then((m) => m.DocumentList)),
  DocumentUpload: lazyScreen(() => import('./document/upload/UploadPage.tsx').then((m) => m.UploadPage)),
  LanguageList: lazyScreen(() => import('./language/LanguageList.tsx').then((m) => m.LanguageList)),
  SearchRecordList: lazyScreen(() => import('./searchrecord/SearchRecordList.tsx').then((m) => m.SearchRecordList)),
  DocumentRecycle: lazyScreen(() => import('./recycle/RecycleList.tsx').then((m) => m.RecycleList)),
  ArticleCategory: lazyScreen(() => import('./category/CategoryPage.tsx').then((m) => m.ArticleCategoryPage)),
  ArticleList: lazyScreen(() => import('./article/ArticleList.tsx').then((m) => m.ArticleList)),
  ArticleSet: lazyScreen(() => import('./article/ArticleSet.tsx').then((m) => m.ArticleSet)),
  ArticleRecycle: lazyScreen(() => import('./article/ArticleRecycle.tsx').then((m) => m.ArticleRecycle)),
  UserList: lazyScreen(() => import('./user/UserList.tsx').then((m) => m.UserList)),
  GroupList: lazyScreen(() => import('./group/GroupList.tsx').then((m) => m.GroupList)),
  PermissionList: lazyScreen(() => import('./permission/PermissionList.tsx').then((m) => m.PermissionList)),
  PunishmentList: lazyScreen(() => import('./punishment/PunishmentList.tsx').then((m) => m.PunishmentList)),
  UserVipList: lazyScreen(() => import('./order/UserVipList.tsx').then((m) => m.UserVipList)),
  SmsList: lazyScreen(() => import('./sms/SmsList.tsx').then((m) => m.SmsList)),
  ReportList: lazyScreen(() => import('./report/ReportList.tsx').then((m) => m.ReportList)),
  CommentList: lazyScreen(() => import('./comment/CommentList.tsx').then((m) => m.CommentList)),
  AdvertisementList: lazyScreen(() => import('./advertisement/AdvertisementList.tsx').then((m) => m.AdvertisementList)),
  OrderList: lazyScreen(() => import('./order/OrderList.tsx').then((m) => m.OrderList)),
  FeedbackList: lazyScreen(() => import('./feedback/FeedbackList.tsx').then((m) => m.FeedbackList)),
  BannerList: lazyScreen(() => import('./banner/BannerList.tsx').then((m) => m.BannerList)),
  FriendlinkList: lazyScreen(() => import('./friendlink/FriendlinkList.tsx').then((m) => m.FriendlinkList)),
  AttachmentList: lazyScreen(() => import('./attachment/AttachmentList.tsx').then((m) => m.AttachmentList)),
  Config: lazyScreen(() => import('./config/ConfigPage.tsx').then((m) => m.ConfigPage)),
};
