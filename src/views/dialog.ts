/** The native `<dialog>` parts of the public pages (no UI kit there): frame, title bar, the share dialog. */
import { html, raw } from '../domain/html.ts';

// m-auto: Tailwind's reset removes the browser's `margin: auto` that centres a modal dialog
export const dialogCls = 'm-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-0 shadow-xl backdrop:bg-black/40';
export const primaryBtn =
  'rounded-md bg-primary-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-primary-700 disabled:opacity-60';

/** A dialog's title bar with its × (scripts/common/share.ts closes dialogs on `[data-dialog-close]`). */
export const dialogHead = (title: string): string =>
  html`<div class="flex items-center justify-between border-b border-neutral-100 px-4 py-3"><h2 class="text-base font-semibold text-neutral-800">${title}</h2><button type="button" data-dialog-close class="rounded px-2 text-xl leading-none text-neutral-400 hover:text-neutral-700" aria-label="关闭">×</button></div>`;

/** 分享文档 / 分享文章: the page's link to copy and its QR code (drawn when the dialog first opens). */
export function shareDialogHtml(title: string, caption: string): string {
  return html`<dialog data-share-dialog class="${dialogCls}" aria-label="${title}">${raw(dialogHead(title))}<div class="space-y-3 px-4 py-4 text-sm"><div class="flex gap-2"><input type="text" readonly data-share-link aria-label="链接" class="min-w-0 flex-1 rounded-md border border-neutral-300 px-2 py-1.5 text-neutral-700"><button type="button" data-share-copy class="${primaryBtn}">复制链接</button></div><div class="flex flex-col items-center gap-2"><canvas data-share-qr width="200" height="200" class="h-[200px] w-[200px]" aria-label="链接二维码"></canvas><p class="text-neutral-500">${caption}</p></div></div></dialog>`;
}
