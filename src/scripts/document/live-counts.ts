/**
 * The document page's counters follow what the reader does: the server counts a download when it
 * issues the link, so the page adds it to 下载 at once (GET /document would count a view more).
 * The counters themselves come live from GET /document when the page loads (page-main.ts).
 */

const DOWNLOADED = 'wenku:downloaded';

/** Tells the page that a download link was issued (and so counted). */
export const announceDownload = (): boolean => document.dispatchEvent(new Event(DOWNLOADED));

export function initLiveCounts(view: HTMLElement): void {
  document.addEventListener(DOWNLOADED, () => {
    const el = view.querySelector<HTMLElement>('[data-count="download"]');
    const n = Number(/\d+/.exec(el?.textContent ?? '')?.[0]);
    if (el && Number.isFinite(n)) el.textContent = `下载 ${n + 1}`;
  });
}
