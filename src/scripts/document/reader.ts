/**
 * Page reader behaviour (screens §5.3): 继续阅读 appends `display.pages_per_read` pages up to
 * the preview limit, a `document_between` ad sits between pages, zoom changes the page width,
 * full screen uses the Fullscreen API on the reader and an IntersectionObserver drives the
 * 'x / y' indicator. Text mode shows the pages' extracted text reflowed for narrow screens, and
 * the last page read is kept per document in this browser and offered as 继续上次阅读. Works on
 * the static page and on the fallback shell alike.
 */
import type { Document } from '../../contract/document.ts';
import type { Settings } from '../../api/types.ts';
import { loadAds, pickRandom, renderAd, type PositionedAd } from '../library/ads.ts';
import { call } from '../../api/call.ts';
import { documentPagesText } from '../../api/generated/document.ts';
import { PAGE_TEXT_MAX_PAGES } from '../../domain/rules.ts';
import { isOk, messageOf } from '../../api/http.ts';
import {
  canRead,
  pagesHtml,
  pagesPerRead,
  previewLimit,
  readerEndHtml,
  resumeHtml,
  textPagesHtml,
} from '../../views/document/reader.ts';

const ZOOM_LEVELS = [50, 67, 80, 100, 125, 150, 200];
const ZOOM_DEFAULT = ZOOM_LEVELS.indexOf(100);

export function initReader(view: HTMLElement, doc: Document, settings: () => Settings): void {
  const reader = view.querySelector<HTMLElement>('[data-reader]');
  const pagesEl = view.querySelector<HTMLElement>('[data-pages]');
  const endEl = view.querySelector<HTMLElement>('[data-reader-end]');
  const indicator = view.querySelector<HTMLElement>('[data-page-indicator]');
  const textEl = view.querySelector<HTMLElement>('[data-text-pages]');
  if (!reader || !pagesEl) return;
  pagesEl.addEventListener('contextmenu', (e) => e.preventDefault());

  // ---- page indicator
  const ratios = new Map<number, number>();
  const io =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            for (const e of entries) ratios.set(Number((e.target as HTMLElement).dataset.page), e.intersectionRatio);
            let best = 0;
            let bestRatio = 0;
            for (const [page, r] of [...ratios].sort((a, b) => a[0] - b[0])) {
              if (r > bestRatio) {
                best = page;
                bestRatio = r;
              }
            }
            if (best && indicator) indicator.textContent = `${best} / ${doc.pages}`;
            if (best > 1) rememberPage(best);
          },
          { threshold: [0, 0.1, 0.25, 0.5, 0.75, 1] },
        );
  const observe = (): void =>
    reader.querySelectorAll<HTMLElement>('img[data-page], article[data-page]').forEach((el) => io?.observe(el));

  // ---- ads between pages
  let between: PositionedAd[] = [];
  const addBetweenAds = (): void => {
    if (!between.length) return;
    pagesEl.querySelectorAll<HTMLElement>('img[data-page]').forEach((img) => {
      if (img.dataset.page === '1' || img.previousElementSibling?.hasAttribute('data-between-ad')) return;
      const ad = pickRandom(between);
      if (!ad) return;
      const box = document.createElement('div');
      box.dataset.betweenAd = '';
      box.className = 'overflow-hidden rounded bg-white p-2';
      renderAd(box, ad.content);
      img.before(box);
    });
  };

  // ---- continue reading
  const shownCount = (): number => pagesEl.querySelectorAll('img[data-page]').length;
  const renderEnd = (): void => {
    if (endEl && canRead(doc)) endEl.innerHTML = readerEndHtml(doc, shownCount(), settings());
  };
  const showMore = (): void => {
    const shown = shownCount();
    const to = Math.min(previewLimit(doc), shown + pagesPerRead(settings()));
    if (to <= shown) return;
    pagesEl.insertAdjacentHTML('beforeend', pagesHtml(doc, shown + 1, to));
    reader.dataset.shown = String(to);
    addBetweenAds();
    observe();
    renderEnd();
    if (textMode) void loadText(to);
  };
  // 继续阅读 is never under the sticky toolbar: while the end of the reader is on screen, the
  // toolbar stays in its own place below it
  const toolbar = view.querySelector<HTMLElement>('[data-toolbar]');
  if (toolbar && endEl && typeof IntersectionObserver !== 'undefined') {
    new IntersectionObserver(([e]) => toolbar.classList.toggle('sticky', !e?.isIntersecting)).observe(endEl);
  }
  endEl?.addEventListener('click', (e) => {
    if ((e.target as Element).closest('[data-continue]')) showMore();
  });

  // ---- zoom
  let zoom = ZOOM_DEFAULT;
  const zoomOut = view.querySelector<HTMLButtonElement>('[data-zoom="out"]');
  const zoomIn = view.querySelector<HTMLButtonElement>('[data-zoom="in"]');
  const applyZoom = (): void => {
    pagesEl.style.width = `${ZOOM_LEVELS[zoom]}%`;
    if (zoomOut) zoomOut.disabled = zoom === 0;
    if (zoomIn) zoomIn.disabled = zoom === ZOOM_LEVELS.length - 1;
  };
  zoomOut?.addEventListener('click', () => {
    zoom = Math.max(0, zoom - 1);
    applyZoom();
  });
  zoomIn?.addEventListener('click', () => {
    zoom = Math.min(ZOOM_LEVELS.length - 1, zoom + 1);
    applyZoom();
  });

  // ---- full screen
  const fsBtn = view.querySelector<HTMLButtonElement>('[data-fullscreen]');
  const fsLabel = view.querySelector<HTMLElement>('[data-fullscreen-label]');
  if (fsBtn && !document.fullscreenEnabled) fsBtn.hidden = true;
  fsBtn?.addEventListener('click', () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void reader.requestFullscreen?.().catch(() => undefined);
  });
  document.addEventListener('fullscreenchange', () => {
    if (fsLabel) fsLabel.textContent = document.fullscreenElement === reader ? '退出全屏' : '全屏阅读';
  });

  // ---- text mode: the pages' extracted text, reflowed (a phone reads it without zooming)
  let textMode = false;
  let textLoaded = 0;
  const textBtn = view.querySelector<HTMLButtonElement>('[data-text-mode]');
  const textLabel = view.querySelector<HTMLElement>('[data-text-mode-label]');
  const loadText = async (to: number): Promise<void> => {
    while (textEl && textLoaded < to) {
      const from = textLoaded + 1;
      const limit = Math.min(PAGE_TEXT_MAX_PAGES, to - textLoaded);
      const r = await call(documentPagesText, { id: doc.id, from, limit, whole: true });
      if (!isOk(r)) {
        textEl.insertAdjacentHTML('beforeend', '<p role="alert" class="text-center text-sm text-red-600"></p>');
        textEl.lastElementChild!.textContent = messageOf(r, '文字加载失败，请稍后再试');
        return;
      }
      textEl.insertAdjacentHTML('beforeend', textPagesHtml(r.data.page));
      textLoaded = from + limit - 1;
      observe();
    }
  };
  textBtn?.addEventListener('click', () => {
    textMode = !textMode;
    pagesEl.hidden = textMode;
    if (textEl) textEl.hidden = !textMode;
    textBtn.setAttribute('aria-pressed', String(textMode));
    if (textLabel) textLabel.textContent = textMode ? '图片' : '文字';
    if (textMode) void loadText(shownCount());
  });
  if (textBtn && !canRead(doc)) textBtn.hidden = true;

  // ---- the last page read, per document in this browser; offered as 继续上次阅读
  const lastKey = `wenku:last-page:${doc.uuid}`;
  function rememberPage(page: number): void {
    try {
      localStorage.setItem(lastKey, String(page));
    } catch {
      // storage off (private mode): nothing to remember
    }
  }
  const resumeEl = view.querySelector<HTMLElement>('[data-resume]');
  const offerResume = (): void => {
    let last = 0;
    try {
      last = Number(localStorage.getItem(lastKey) ?? 0);
    } catch {
      return;
    }
    if (!resumeEl || !(last > 1) || last > previewLimit(doc) || /page=\d/.test(location.hash)) return;
    resumeEl.innerHTML = resumeHtml(last);
    resumeEl.hidden = false;
    resumeEl.addEventListener('click', () => {
      resumeEl.hidden = true;
      location.hash = `page=${last}`;
    });
  };

  // ---- `#page=N` (search hits link to the page where the words occur)
  const goToHashPage = (): void => {
    const wanted = Number(/(?:^#|&)page=(\d+)/.exec(location.hash)?.[1] ?? 0);
    if (!wanted || !canRead(doc)) return;
    const target = Math.min(wanted, previewLimit(doc));
    const shown = shownCount();
    if (target > shown) {
      pagesEl.insertAdjacentHTML('beforeend', pagesHtml(doc, shown + 1, target));
      reader.dataset.shown = String(target);
      addBetweenAds();
      observe();
      renderEnd();
    }
    if (textMode) {
      void loadText(Math.max(target, shownCount())).then(() =>
        textEl?.querySelector<HTMLElement>(`article[data-page="${target}"]`)?.scrollIntoView({ block: 'start' }),
      );
      return;
    }
    pagesEl.querySelector<HTMLElement>(`img[data-page="${target}"]`)?.scrollIntoView({ block: 'start' });
  };
  window.addEventListener('hashchange', goToHashPage);

  if (!canRead(doc)) return;
  observe();
  goToHashPage();
  offerResume();
  void loadAds(['document_between']).then((ads) => {
    between = ads.get('document_between') ?? [];
    addBetweenAds();
  });
}
