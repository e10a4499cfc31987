/**
 * Wires a rendered document view (static page or fallback shell): reader, actions, rating,
 * dialogs, related documents (GET /document/related), the document ad slots and the comments
 * widget (type 0), which is imported only when its place nears the viewport so that it does
 * not count against the page's first-load JavaScript.
 */
import { call } from '../../api/call.ts';
import { documentList, documentRelated } from '../../api/generated/document.ts';
import type { Document } from '../../contract/document.ts';
import { isOk } from '../../api/http.ts';
import { $categoryById } from '../../stores/categories.ts';
import { $user } from '../../stores/session.ts';
import { $settings } from '../../stores/settings.ts';
import { html, raw } from '../../domain/html.ts';
import { fillAdSlots } from '../library/ads.ts';
import { fileIconHtml } from '../../views/parts.ts';
import { documentUrl } from '../../domain/urls.ts';
import { initActions } from './actions.ts';
import { initEngage } from './engage.ts';
import { initReader } from './reader.ts';
import { DOCUMENT_STATUS } from '../../domain/status.ts';

export const DOCUMENT_AD_SLOTS = ['document_top', 'document_bottom', 'document_between'];

/** Fills one list of the right column; false when there was nothing to show. */
function showSideList(view: HTMLElement, key: 'related' | 'hot' | 'uploads', docs: Document[]): boolean {
  const box = view.querySelector<HTMLElement>(`[data-${key}]`);
  const list = view.querySelector<HTMLElement>(`[data-${key}-list]`);
  if (!box || !list || !docs.length) return false;
  const byId = $categoryById.get();
  list.innerHTML = docs
    .map(
      (d) =>
        html`<li class="flex items-start gap-2 text-sm">${raw(fileIconHtml(d.ext, 18))}<a href="${documentUrl(d, byId)}" title="${d.title}" class="line-clamp-2 text-neutral-700 hover:text-primary-600">${d.title}</a></li>`,
    )
    .join('');
  box.hidden = false;
  return true;
}

/** The uploader's latest other public documents, under his name (screens §5.3 分享用户). */
async function loadUploads(view: HTMLElement, doc: Document, others: (docs: Document[]) => Document[]): Promise<void> {
  if (!doc.user_id) return;
  const query = { user_id: [doc.user_id], status: [DOCUMENT_STATUS.converted], page: 1, size: 6, order: 'id desc' };
  const r = await call(documentList, query);
  showSideList(view, 'uploads', isOk(r) ? others(r.data.document).slice(0, 5) : []);
}

/** 相关文档, or the most read documents when nothing is related (the column never stands empty). */
async function loadSideLists(view: HTMLElement, doc: Document): Promise<void> {
  const others = (docs: Document[]) => docs.filter((d) => d.id !== doc.id && d.uuid);
  void loadUploads(view, doc, others);
  const r = await call(documentRelated, { id: doc.id });
  if (showSideList(view, 'related', isOk(r) ? others(r.data.document) : [])) return;
  const hot = await call(documentList, { page: 1, size: 9, order: 'view_count desc' });
  showSideList(view, 'hot', isOk(hot) ? others(hot.data.document).slice(0, 8) : []);
}

function lazyComments(view: HTMLElement, doc: Document): void {
  const el = view.querySelector<HTMLElement>('[data-document-comments]');
  if (!el) return;
  const load = (): void => {
    void import('../comments/index.ts').then((m) => m.mountComments(el, { type: 0, targetId: doc.id }));
  };
  if (typeof IntersectionObserver === 'undefined') return load();
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      load();
    },
    { rootMargin: '600px 0px' },
  );
  io.observe(el);
}

/** The managing bar (编辑 / 推荐 / 删除), loaded once a reader is signed in: visitors never fetch it. */
function offerManaging(view: HTMLElement, doc: Document): void {
  let loaded = false;
  $user.subscribe((me) => {
    if (loaded || !me) return;
    loaded = true;
    void import('./manage.ts').then((m) => m.initManage(view, doc));
  });
}

export function mountDocument(view: HTMLElement, doc: Document): void {
  offerManaging(view, doc);
  initReader(view, doc, () => $settings.get());
  initActions(view, doc);
  initEngage(view, doc);
  void loadSideLists(view, doc);
  void fillAdSlots(DOCUMENT_AD_SLOTS);
  lazyComments(view, doc);
}
