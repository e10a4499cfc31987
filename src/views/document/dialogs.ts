/** Report and share dialogs of the document page (native `<dialog>`; no UI kit on public pages). */
import type { Document } from '../../contract/document.ts';
import { html, raw } from '../../domain/html.ts';
import { REPORT_REASON_LABELS } from '../../domain/status.ts';

// m-auto: Tailwind's reset removes the browser's `margin: auto` that centres a modal dialog
const dialogCls = 'm-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-0 shadow-xl backdrop:bg-black/40';
const head = (title: string): string =>
  html`<div class="flex items-center justify-between border-b border-neutral-100 px-4 py-3"><h2 class="text-base font-semibold text-neutral-800">${title}</h2><button type="button" data-dialog-close class="rounded px-2 text-xl leading-none text-neutral-400 hover:text-neutral-700" aria-label="关闭">×</button></div>`;
const primary = 'rounded-md bg-primary-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-primary-700 disabled:opacity-60';

function reportDialog(doc: Document): string {
  const reasons = Object.entries(REPORT_REASON_LABELS).map(
    ([v, label]) =>
      html`<label class="flex items-center gap-2"><input type="radio" name="reason" value="${v}" required class="accent-primary-600">${label}</label>`,
  );
  return html`<dialog data-report-dialog class="${dialogCls}" aria-label="举报文档">${raw(head('举报文档'))}<form method="dialog" data-report-form class="space-y-3 px-4 py-4 text-sm"><p class="text-neutral-500">文档：<span class="text-neutral-800">${doc.title}</span></p><fieldset><legend class="mb-2 text-neutral-600">举报原因</legend><div class="grid grid-cols-2 gap-2 sm:grid-cols-3">${raw(reasons)}</div></fieldset><label class="block"><span class="text-neutral-600">补充说明（选填）</span><textarea name="remark" rows="3" maxlength="500" class="mt-1 w-full rounded-md border border-neutral-300 p-2 outline-none focus:border-primary-500"></textarea></label><div class="flex justify-end gap-2"><button type="button" data-dialog-close class="rounded-md border border-neutral-200 px-4 py-1.5">取消</button><button type="submit" data-report-submit class="${primary}">提交</button></div></form></dialog>`;
}

function shareDialog(): string {
  return html`<dialog data-share-dialog class="${dialogCls}" aria-label="分享文档">${raw(head('分享文档'))}<div class="space-y-3 px-4 py-4 text-sm"><div class="flex gap-2"><input type="text" readonly data-share-link class="min-w-0 flex-1 rounded-md border border-neutral-300 px-2 py-1.5 text-neutral-700"><button type="button" data-share-copy class="${primary}">复制链接</button></div><div class="flex flex-col items-center gap-2"><canvas data-share-qr width="200" height="200" class="h-[200px] w-[200px]" aria-label="文档链接二维码"></canvas><p class="text-neutral-500">手机扫码，畅享阅读</p></div></div></dialog>`;
}

export function dialogsHtml(doc: Document): string {
  return reportDialog(doc) + shareDialog();
}
