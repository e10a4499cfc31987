/**
 * Document actions (screens §5.3): download (GET /document/download → the returned signed
 * URL; refusals show the server's message), favourite toggle, the overview expander.
 * Actions that need a member tell visitors 登录后即可… with the way to sign in and back (common/login-prompt.ts);
 * back on the page, 下载 and 收藏 happen as asked.
 */
import type { Document } from '../../contract/document.ts';
import { isVipDocument } from '../../domain/money.ts';
import { initFavoriteToggle } from '../common/favorite-toggle.ts';
import { requireLogin, takeAfterLogin } from '../common/login-prompt.ts';
import { afterLiveCounts } from '../common/live-counts.ts';
import { FAVORITE_TYPE } from '../../domain/status.ts';
import { $token } from '../../stores/token.ts';
import { $settings } from '../../stores/settings.ts';

async function download(doc: Document, btn: HTMLButtonElement): Promise<void> {
  if (!$token.get() && (doc.price > 0 || !$settings.get().download.enable_guest_download)) {
    requireLogin('下载', 'download');
    return;
  }
  btn.disabled = true;
  // loaded on first use: most readers never download, and the page's first load stays within its budget
  const downloads = await import('./paid-download.ts');
  await ($token.get() ? downloads.memberDownload(doc) : downloads.fetchLink(doc.id));
  btn.disabled = false;
}

function initOverview(view: HTMLElement): void {
  const box = view.querySelector<HTMLElement>('[data-overview]');
  const toggle = view.querySelector<HTMLButtonElement>('[data-overview-toggle]');
  if (!box || !toggle) return;
  toggle.addEventListener('click', () => {
    const collapsed = box.classList.toggle('max-h-32');
    box.classList.toggle('overflow-hidden', collapsed);
    toggle.textContent = collapsed ? '展开内容' : '收起内容';
  });
}

/** A VIP下载 button beside 下载 for (paid) VIP documents while VIP is on: a free one has 下载 only. */
function addVipButton(view: HTMLElement, doc: Document): void {
  const main = view.querySelector<HTMLButtonElement>('[data-download]');
  if (!isVipDocument(doc) || !$settings.get().vip.enable || !main || view.querySelector('[data-vip-download]')) return;
  const vip = document.createElement('button');
  vip.type = 'button';
  vip.dataset.vipDownload = '';
  vip.dataset.testid = 'doc-vip-download';
  vip.className = 'rounded bg-amber-700 px-4 py-2 text-white hover:bg-amber-800';
  vip.textContent = 'VIP下载';
  main.before(vip);
}

export function initActions(view: HTMLElement, doc: Document): void {
  addVipButton(view, doc);
  view.addEventListener('click', (e) => {
    const btn = (e.target as Element | null)?.closest?.<HTMLButtonElement>('[data-download]');
    if (btn && view.contains(btn)) void download(doc, btn);
    const vip = (e.target as Element | null)?.closest?.<HTMLButtonElement>('[data-vip-download]');
    if (vip && view.contains(vip) && requireLogin('下载', 'vip-download'))
      void import('./paid-download.ts').then(({ memberVipDownload }) => memberVipDownload(doc));
  });
  // back from signing in to download: the download goes ahead as on a click (a paid one asks first)
  const redo = takeAfterLogin();
  if (redo === 'download' || redo === 'vip-download')
    void afterLiveCounts().then(() => view.querySelector<HTMLButtonElement>(`[data-${redo}]`)?.click());
  initFavoriteToggle(view, { id: doc.id, type: FAVORITE_TYPE.document }, redo);
  initOverview(view);
}
