/** Admin screens of the documents area (and attachments, reports, article categories), by path; AdminContent looks paths up here. */
import type { ComponentType } from 'react';
import { AttachmentList } from './attachment/AttachmentList.tsx';
import { ArticleCategoryPage, DocumentCategoryPage } from './category/CategoryPage.tsx';
import { DocumentList } from './document/DocumentList.tsx';
import { UploadPage } from './document/upload/UploadPage.tsx';
import { LanguageList } from './language/LanguageList.tsx';
import { RecycleList } from './recycle/RecycleList.tsx';
import { ReportList } from './report/ReportList.tsx';
import { SearchRecordList } from './searchrecord/SearchRecordList.tsx';
import { OrderList } from './order/OrderList.tsx';
import { UserVipList } from './order/UserVipList.tsx';

export const DOCUMENT_SCREENS: Record<string, ComponentType> = {
  '/admin/document/list': DocumentList,
  '/admin/document/upload': UploadPage,
  '/admin/document/recycle': RecycleList,
  '/admin/document/searchrecord': SearchRecordList,
  '/admin/document/language': LanguageList,
  '/admin/document/category': DocumentCategoryPage,
  '/admin/article/category': ArticleCategoryPage,
  '/admin/attachment': AttachmentList,
  '/admin/report': ReportList,
  '/admin/order': OrderList,
  '/admin/user/vip': UserVipList,
};
