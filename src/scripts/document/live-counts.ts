/**
 * The document page's counters follow what the reader does: the server counts a download when it
 * issues the link, so the page adds it to 下载 at once (GET /document would count a view more).
 * The counters themselves come live from GET /document when the page loads (page-main.ts).
 */

/** Adds the download just issued (and so counted) to the page's 下载 counter. */
export function countDownload(): void {
  const el = document.querySelector('[data-count="download"]');
  if (el?.textContent) el.textContent = el.textContent.replace(/\d+/, (n) => String(Number(n) + 1));
}
