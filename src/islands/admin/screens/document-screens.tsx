/**
 * Admin screens of the documents area (and attachments, reports, article categories), by path;
 * AdminContent looks paths up here. Each loads on first use (lazyScreen).
 */
import type { ComponentType } from 'react';
import { lazyScreen } from '../../common/lazyScreen.tsx';

export const DOCUMENT_SCREENS: Record<string, ComponentType> = {
  '/admin/document/list': lazyScreen(() => import('./document/DocumentList.tsx').then((m) => m.DocumentList)),
  '/admin/document/upload': lazyScreen(() => import('./document/upload/UploadPage.tsx').then((m) => m.UploadPage)),
  '/admin/document/recycle': lazyScreen(() => import('./recycle/RecycleList.tsx').then((m) => m.RecycleList)),
  '/admin/document/searchrecord': lazyScreen(() => import('./searchrecord/SearchRecordList.tsx').then((m) => m.SearchRecordList)),
  '/admin/document/language': lazyScreen(() => import('./language/LanguageList.tsx').then((m) => m.LanguageList)),
  '/admin/document/category': lazyScreen(() => import('./category/CategoryPage.tsx').then((m) => m.DocumentCategoryPage)),
  '/admin/article/category': lazyScreen(() => import('./category/CategoryPage.tsx').then((m) => m.ArticleCategoryPage)),
  '/admin/attachment': lazyScreen(() => import('./attachment/AttachmentList.tsx').then((m) => m.AttachmentList)),
  '/admin/report': lazyScreen(() => import('./report/ReportList.tsx').then((m) => m.ReportList)),
  '/admin/order': lazyScreen(() => import('./order/OrderList.tsx').then((m) => m.OrderList)),
  '/admin/user/vip': lazyScreen(() => import('./order/UserVipList.tsx').then((m) => m.UserVipList)),
};
