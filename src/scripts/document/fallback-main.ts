/**
 * Fallback shell (/library/fallback): serves documents newer than the last build. The server
 * answers an unknown /library/<category>/<uuid> with this page, so the uuid comes from the
 * path (or `?uuid=`); the document is loaded live from /api/v1/document and rendered with the
 * same markup as the static pages.
 */
import { call } from '../../api/call.ts';
import { documentGet } from '../../api/generated/document.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { $categoryById } from '../../stores/categories.ts';
import { $settings } from '../../stores/settings.ts';
import { hydrateSiteData } from '../../stores/site-data.ts';
import { documentUrl, uuidFromLocation } from '../../domain/urls.ts';
import { mountDocument } from './mount.ts';
import { metaDescription } from '../../views/parts.ts';
import { runFallbackShell, type Missing } from '../common/fallback.ts';
import { documentViewHtml } from '../../views/document/view.ts';

hydrateSiteData();

const missing: Missing = { pageName: '文档不存在', back: { href: '/library', label: '返回文库' } };

runFallbackShell('[data-doc-fallback]', missing, async () => {
  const uuid = uuidFromLocation(location.pathname, location.search);
  if (!uuid) return '未指定要阅读的文档。';
  const r = await call(documentGet, { uuid, with_author: true });
  if (!isOk(r)) return r.status === 404 ? '文档不存在或已被删除。' : messageOf(r, '文档加载失败，请稍后再试。');
  const doc = r.data;
  return () => {
    const byId = $categoryById.get();
    return {
      markup: documentViewHtml(doc, { settings: $settings.get(), byId, texts: doc.content ? [doc.content] : [] }),
      title: doc.title,
      keywords: doc.keywords,
      description: metaDescription(doc.description),
      canonical: documentUrl(doc, byId),
      view: '[data-document-view]',
      mount: (view) => mountDocument(view, doc),
    };
  };
});
