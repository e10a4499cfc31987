/**
 * Paid downloads (screens §5.3 文档下载): a member buys a paid document once through a document
 * order paid with credits — after a confirmation showing the price and the balance — and downloads
 * again for free within the configured window; own uploads are free. A short balance says so and
 * links to the top-up. VIP documents get a VIP下载 button that spends the VIP quota. Plain DOM.
 */
import { call } from '../../api/call.ts';
import { downloadDocument } from '../../api/generated/download.ts';
import type { Document } from '../../contract/document.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { orderClose, orderCreate, orderDocumentQuote, orderPay } from '../../api/generated/order.ts';
import { vipDownload } from '../../api/generated/vip.ts';
import { attrs, html, raw } from '../../domain/html.ts';
import { creditName, ORDER_STATUS, ORDER_TYPE, PAYMENT_TYPE } from '../../domain/money.ts';
import { isSafeUrl } from '../../lib/safe-url.ts';
import { $settings } from '../../stores/settings.ts';
import { $user, refreshUser } from '../../stores/session.ts';
import { toast } from '../common/toast.ts';
import { bumpCount } from '../common/live-counts.ts';

function go(url: string): void {
  if (!url || !isSafeUrl(url, { allowExternal: true })) return toast('下载链接无效，请稍后再试', 'error');
  toast('正在为您下载…', 'success');
  bumpCount('download', 1);
  location.href = url;
}

/** Fetches the document's download link and follows it (a guest's free download, a member's after paying). */
export async function fetchLink(id: number): Promise<void> {
  const r = await call(downloadDocument, { id });
  if (isOk(r)) go(r.data.url);
  else if (r.status !== 401) toast(messageOf(r, '下载失败，请稍后再试'), 'error', 4000);
}

/** The 文档下载 confirmation: resolves true when the member confirms paying. */
function confirmPay(doc: Document, price: number, balance: number): Promise<boolean> {
  const s = $settings.get();
  const name = creditName(s.system.credit_name);
  const days = s.download.free_download_duration;
  const short = balance < price;
  const dialog = document.createElement('dialog');
  dialog.dataset.testid = 'pay-dialog';
  dialog.className = 'm-auto w-[28rem] max-w-[95vw] rounded-lg p-0 shadow-xl backdrop:bg-black/40';
  dialog.innerHTML = html`<form method="dialog" class="p-5">
  <h2 class="mb-3 text-lg font-semibold">文档下载</h2>
  <p class="mb-2">《${doc.title}》</p>
  <dl class="mb-3 grid grid-cols-2 gap-1 text-sm">
    <dt class="text-neutral-500">文档价格</dt><dd data-pay-price class="font-semibold text-orange-700">${price} ${name}${
      price < doc.price && raw(html` <s class="text-neutral-400">${doc.price}</s>（VIP折扣）`)
    }</dd>
    <dt class="text-neutral-500">当前余额</dt><dd data-pay-balance>${balance} ${name}</dd>
  </dl>
  <ul class="mb-3 list-disc pl-5 text-xs text-neutral-500">
    <li>下载自己上传的文档不需要支付${name}</li>
    ${raw(days > 0 ? html`<li>购买后 ${days} 天内重复下载不再扣费</li>` : '<li>每次下载都需要支付</li>')}
    ${s.download.times_every_day > 0 && raw(html`<li>每人每天最多下载 ${s.download.times_every_day} 次</li>`)}
  </ul>
  ${
    short &&
    raw(
      html`<p class="mb-3 text-sm text-red-600" data-pay-short>您的${name}不足，<a href="/vip" data-recharge-link class="underline">去充值</a></p>`,
    )
  }
  <div class="flex justify-end gap-2">
    <button value="cancel" class="rounded border border-neutral-300 px-4 py-1.5">取消</button>
    <button value="pay"${attrs({ disabled: short })} class="rounded bg-primary-600 px-4 py-1.5 text-white disabled:opacity-50">确认支付并下载</button>
  </div>
</form>`;
  document.body.append(dialog);
  dialog.querySelector('[data-recharge-link]')?.addEventListener('click', (e) => {
    const open = document.querySelector<HTMLButtonElement>('[data-recharge-open]');
    if (open && !open.closest('[hidden]')) {
      e.preventDefault();
      dialog.close();
      open.click();
    }
  });
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'pay');
      dialog.remove();
    });
    dialog.showModal();
  });
}

/**
 * 下载 of a member: free documents and own uploads directly, paid ones through a credit-paid order.
 * The dialog shows a quote; the order is created and paid only when the member confirms, so an
 * abandoned dialog leaves no 待支付 order behind.
 */
export async function memberDownload(doc: Document): Promise<void> {
  const me = $user.get();
  if (doc.price <= 0 || (me && me.id === doc.user_id)) return fetchLink(doc.id);
  const quote = await call(orderDocumentQuote, { document_id: doc.id });
  if (!isOk(quote)) return void toast(messageOf(quote, '下单失败，请稍后再试'), 'error', 4000);
  if (quote.data.paid) {
    toast('您已购买过该文档，正在为您下载', 'success');
    return fetchLink(doc.id);
  }
  await refreshUser();
  const balance = $user.get()?.credit_count ?? 0;
  if (!(await confirmPay(doc, quote.data.amount, balance))) return;
  const order = await call(orderCreate, { order_type: ORDER_TYPE.document, product_id: doc.id });
  if (!isOk(order)) return void toast(messageOf(order, '下单失败，请稍后再试'), 'error', 4000);
  if (order.data.status === ORDER_STATUS.paid) return fetchLink(doc.id);
  // the price moved between the quote and the order (a VIP term ended, the uploader repriced): ask again
  const paid =
    order.data.amount === quote.data.amount
      ? await call(orderPay, { order_no: order.data.order_no, payment_type: PAYMENT_TYPE.credit })
      : null;
  if (!paid || !isOk(paid)) {
    await call(orderClose, { order_no: order.data.order_no });
    return void toast(paid ? messageOf(paid, '支付失败') : '文档价格已变化，请重新下载并确认', 'error', 4000);
  }
  void refreshUser();
  await fetchLink(doc.id);
}

/** VIP下载: VIP members spend their quota; others are sent to /vip. */
export async function memberVipDownload(doc: Document): Promise<void> {
  if (!$user.get()?.is_vip) {
    toast('该文档为VIP专享文档，请先开通VIP', 'info');
    location.href = '/vip';
    return;
  }
  const r = await call(vipDownload, { id: doc.id });
  if (isOk(r)) go(r.data.url);
  else toast(messageOf(r, '下载失败'), 'error', 4000);
}
