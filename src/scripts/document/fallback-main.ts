/**
 * Fallback shell (/library/fallback): serves documents newer than the last build. The server
 * answers an unknown /library/<category>/<uuid> with this page, so the uuid comes from the
 * path (or `?uuid=`); the document is loaded live from /api/v1/document and rendered with the
 * same markup as the static pages.
 */
import { getDocument } from '../../api/document.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { $categoryById } from '../../stores/categories.ts';
import { $settings } from '../../stores/settings.ts';
import { setPageName } from '../../lib/page-title.ts';
import { escapeHtml } from '../../domain/html.ts';
import { hydrateSiteData } from '../../stores/site-data.ts';
import { documentUrl, uuidFromLocation } from '../../domain/urls.ts';
import { mountDocument } from './mount.ts';
import { metaDescription } from '../../views/document/meta.ts';
import { documentViewHtml } from '../../views/document/view.ts';

hydrateSiteData();

const root = document.querySelector<HTMLElement>('[data-doc-fallback]');

function setMeta(name: string, content: string): void {
  let meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

function showError(el: HTMLElement, message: string): void {
  el.innerHTML = `<section class="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center" data-doc-error><img src="/images/error-404.svg" alt="404" width="400" height="260" class="h-auto w-full max-w-sm"><h1 class="mt-6 text-2xl font-bold text-neutral-800">出错啦！</h1><p class="mt-3 text-neutral-500">${escapeHtml(message)}</p><a href="/library" class="mt-8 inline-flex items-center rounded-md bg-primary-600 px-6 py-2 text-white hover:bg-primary-700">返回文库</a></section>`;
  setPageName('文档不存在');
}

async function load(el: HTMLElement): Promise<void> {
  const uuid = uuidFromLocation(location.pathname, location.search);
  if (!uuid) return showError(el, '未指定要阅读的文档。');
  const r = await getDocument({ uuid, with_author: true });
  if (!isOk(r)) return showError(el, r.status === 404 ? '文档不存在或已被删除。' : messageOf(r, '文档加载失败，请稍后再试。'));
  const doc = r.data;
  const byId = $categoryById.get();
  el.innerHTML = documentViewHtml(doc, { settings: $settings.get(), byId, texts: doc.content ? [doc.content] : [] });
  setPageName(doc.title);
  setMeta('keywords', doc.keywords);
  setMeta('description', metaDescription(doc));
  // show the document's own address (a later visit finds its static page once it is built)
  const canonical = documentUrl(doc, byId);
  if (location.pathname.replace(/\.html$/, '') !== canonical) history.replaceState(history.state, '', canonical);
  const view = el.querySelector<HTMLElement>('[data-document-view]');
  if (view) mountDocument(view, doc);
}

if (root) void load(root).finally(() => root.setAttribute('aria-busy', 'false'));
