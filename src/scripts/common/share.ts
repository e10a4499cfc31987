/**
 * Sharing a page (document or article): the share dialog (shareDialogHtml) with the page's link to
 * copy and its QR code (the article's QQ / 微博 links are in article/share-links.ts). The dialog's code
 * and the QR library are imported only when it first opens, so they never count against the page's
 * first-load JavaScript.
 */
/** The page's own address, without `.html`, query or fragment. */
export function shareLink(): string {
  return `${location.origin}${location.pathname.replace(/\.html$/, '')}`;
}

/** Every `[data-share]` button of the view opens its share dialog (common/share-dialog.ts, loaded on first use). */
export function initShareDialog(view: HTMLElement): void {
  const dialog = view.querySelector<HTMLDialogElement>('dialog[data-share-dialog]');
  if (!dialog) return;
  const open = async (): Promise<void> => (await import('./share-dialog.ts')).openShareDialog(dialog, shareLink());
  view.querySelectorAll('[data-share]').forEach((btn) => btn.addEventListener('click', () => void open()));
}

/** Every dialog of the view: × / 取消 buttons and a click on the backdrop close it. */
export function closeDialogsOnDismiss(view: HTMLElement): void {
  view.querySelectorAll<HTMLDialogElement>('dialog').forEach((d) => {
    d.addEventListener('click', (e) => {
      if (e.target === d || (e.target as Element).closest('[data-dialog-close]')) d.close();
    });
  });
}
