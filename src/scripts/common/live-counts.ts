/**
 * A page's counters (`[data-count="download|favorite"]`, views/parts.ts and views/article/view.ts)
 * follow what the reader does: the server counts a download when it issues the link and a favourite
 * when it is added, so the page changes the number at once instead of asking again (GET /document
 * would count a view more). The counters themselves come live when the page loads (document/page-main.ts).
 *
 * Order matters: the live read redraws the counters, so a change made before its reply arrived would
 * be drawn over with the older number. The page hands its live read to `trackLiveCounts`; bumps and
 * actions redone after signing in wait for it (`afterLiveCounts`).
 */

let live: Promise<unknown> = Promise.resolve();

/** Registers the page's live read (its reply drawn); returns it unchanged. */
export function trackLiveCounts<T>(read: Promise<T>): Promise<T> {
  live = read.catch(() => undefined);
  return read;
}

/** Settles once the page's live counters are drawn (at once on a page without a live read). */
export function afterLiveCounts(): Promise<unknown> {
  return live;
}

/** Adds `by` (1 or -1) to the page's `kind` counter, after the live counters are drawn. */
export function bumpCount(kind: 'download' | 'favorite', by: number): void {
  void live.then(() =>
    document.querySelectorAll(`[data-count="${kind}"]`).forEach((el) => {
      if (el.textContent) el.textContent = el.textContent.replace(/\d+/, (n) => String(Math.max(0, Number(n) + by)));
    }),
  );
}
