/** Report and share dialogs of the document page (native `<dialog>`; no UI kit on public pages). */
import type { Document } from '../../contract/document.ts';
import { html, raw } from '../../domain/html.ts';
import { REPORT_REASON_LABELS } from '../../domain/status.ts';
import { dialogCls, dialogHead, primaryBtn, shareDialogHtml } from '../dialog.ts';

function reportDialog(doc: Document): string {
  const reasons = Object.entries(REPORT_REASON_LABELS).map(
    ([v, label]) =>
      html`<label class="flex items-center gap-2"><input type="radio" name="reason" value="${v}" required class="accent-primary-600">${label}</label>`,
  );
  return html`<dialog data-report-dialog class="${dialogCls}" aria-label="举报文档">${raw(dialogHead('举报文档'))}<form method="dialog" data-report-form class="space-y-3 px-4 py-4 text-sm"><p class="text-neutral-500">文档：<span class="text-neutral-800">${doc.title}</span></p><fieldset><legend class="mb-2 text-neutral-600">举报原因</legend><div class="grid grid-cols-2 gap-2 sm:grid-cols-3">${raw(reasons)}</div></fieldset><label class="block"><span class="text-neutral-600">补充说明（选填）</span><textarea name="remark" rows="3" maxlength="500" class="mt-1 w-full rounded-md border border-neutral-300 p-2 outline-none focus:border-primary-500"></textarea></label><div class="flex justify-end gap-2"><button type="button" data-dialog-close class="rounded-md border border-neutral-200 px-4 py-1.5">取消</button><button type="submit" data-report-submit class="${primaryBtn}">提交</button></div></form></dialog>`;
}

export function dialogsHtml(doc: Document): string {
  return reportDialog(doc) + shareDialogHtml('分享文档', '手机扫码，畅享阅读');
}
