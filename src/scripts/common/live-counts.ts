/**
 * A page's counters (`[data-count="download|favorite"]`, views/parts.ts and views/article/view.ts)
 * follow what the reader does: the server counts a download when it issues the link and a favourite
 * when it is added, so the page changes the number at once instead of asking again (GET /document
 * would count a view more). The counters themselves come live when the page loads (document/page-main.ts).
 */

/** Adds `by` (1 or -1) to the page's `kind` counter. */
export function bumpCount(kind: 'download' | 'favorite', by: number): void {
  document.querySelectorAll(`[data-count="${kind}"]`).forEach((el) => {
    if (el.textContent) el.textContent = el.textContent.replace(/\d+/, (n) => String(Math.max(0, Number(n) + by)));
  });
}
