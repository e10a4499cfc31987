/**
 * Header 积分充值 dialog (screens §1.2): a ladder of amounts (10/30/50/100/200 元 and the thresholds of
 * the `amount:discount` recharge lines; badge x.x折 / 无折扣, struck price vs discounted price in 元), a
 * custom amount and the site's payment methods with the first one picked; 立即充值 creates a recharge
 * order (priced again by the server) and opens its checkout with that method chosen. Plain DOM, fetched on
 * the menu item's first click (recharge-entry.ts), so pages carry none of it until then.
 */
import { isOk, messageOf } from '../../api/http.ts';
import { call, type ReplyOf } from '../../api/call.ts';
import { orderCreate, type orderRechargeSettings } from '../../api/generated/order.ts';
import { $settings } from '../../stores/settings.ts';
import {
  checkoutUrl,
  creditName,
  discountLabel,
  ORDER_TYPE,
  PAYMENT_TYPE,
  PAYMENT_TYPE_LABELS,
  parseRechargeDiscounts,
  rechargeFen,
  rechargePercent,
  yuan,
} from '../../domain/money.ts';
import { html, raw } from '../../domain/html.ts';

export type RechargeSettings = ReplyOf<typeof orderRechargeSettings>;

/** The ladder every site offers; a discount line's threshold joins it. */
const LADDER = [10, 30, 50, 100, 200];

/** Wires the dialog once; returns how to open it with the site's recharge settings. */
function wire(dialog: HTMLDialogElement): (settings: RechargeSettings) => void {
  const tiles = dialog.querySelector<HTMLElement>('[data-recharge-tiles]')!;
  const custom = dialog.querySelector<HTMLInputElement>('[data-recharge-custom]')!;
  const summary = dialog.querySelector<HTMLElement>('[data-recharge-summary]')!;
  const error = dialog.querySelector<HTMLElement>('[data-recharge-error]')!;
  const title = dialog.querySelector<HTMLElement>('[data-recharge-title]')!;
  const methods = dialog.querySelector<HTMLFieldSetElement>('[data-recharge-methods]')!;
  let lines: Array<{ amount: number; percent: number }> = [];
  let rate = 0;
  let name = creditName('');
  let amount = 0;

  const describe = () => {
    const percent = rechargePercent(lines, amount);
    const pay = rechargeFen(amount, percent);
    summary.textContent =
      amount > 0 ? `充值 ${amount} 元，获得 ${amount * rate} ${name}，实付 ¥${yuan(pay)}（${discountLabel(percent)}）` : '';
    tiles.querySelectorAll<HTMLButtonElement>('[data-amount]').forEach((b) => {
      const on = Number(b.dataset.amount) === amount;
      b.classList.toggle('border-primary-600', on);
      b.classList.toggle('bg-primary-50', on);
      b.setAttribute('aria-pressed', String(on));
    });
  };

  /** The site's payment methods for a recharge, the first one checked. */
  const renderMethods = () => {
    const { payment } = $settings.get();
    const open = [PAYMENT_TYPE.wechat, PAYMENT_TYPE.alipay].filter((t) =>
      t === PAYMENT_TYPE.wechat ? payment.wechat : payment.alipay,
    );
    methods.querySelectorAll('label').forEach((l) => l.remove());
    methods.insertAdjacentHTML(
      'beforeend',
      open
        .map(
          (t, i) =>
            html`<label class="flex items-center gap-1"><input type="radio" name="recharge-method" value="${t}"${raw(i === 0 ? ' checked' : '')} />${PAYMENT_TYPE_LABELS[t]}</label>`,
        )
        .join(''),
    );
    methods.hidden = open.length === 0;
  };

  const render = () => {
    const amounts = [...new Set([...LADDER, ...lines.map((l) => l.amount)])].sort((a, b) => a - b);
    tiles.innerHTML = amounts
      .map((a) => {
        const percent = rechargePercent(lines, a);
        const pay = rechargeFen(a, percent);
        return html`<button type="button" data-amount="${a}" aria-pressed="false" class="rounded border border-neutral-200 p-3 text-left hover:border-primary-500">
  <span class="text-xs text-orange-700">${discountLabel(percent)}</span>
  <div class="font-semibold">${a * rate} ${name}</div>
  <div class="text-sm">¥${yuan(pay)} ${percent < 100 && raw(html`<s class="text-neutral-400">¥${yuan(a * 100)}</s>`)}</div>
</button>`;
      })
      .join('');
    amount = amounts[0] ?? 0;
    custom.value = '';
    renderMethods();
    describe();
  };

  tiles.addEventListener('click', (e) => {
    const b = (e.target as Element).closest<HTMLButtonElement>('[data-amount]');
    if (!b) return;
    amount = Number(b.dataset.amount);
    custom.value = '';
    describe();
  });
  custom.addEventListener('input', () => {
    amount = Math.max(0, Math.floor(Number(custom.value) || 0));
    describe();
  });

  dialog.querySelector('[data-recharge-submit]')?.addEventListener('click', async () => {
    if (amount < 1) {
      error.textContent = '请选择或输入充值金额';
      error.hidden = false;
      return;
    }
    const res = await call(orderCreate, { order_type: ORDER_TYPE.recharge, quantity: amount });
    if (!isOk(res)) {
      error.textContent = messageOf(res);
      error.hidden = false;
      return;
    }
    const method = methods.querySelector<HTMLInputElement>('input:checked')?.value;
    location.href = checkoutUrl(res.data.order_no) + (method ? `&payment=${method}` : '');
  });

  return (settings) => {
    lines = parseRechargeDiscounts(settings.recharge_discount);
    rate = settings.credit_exchange;
    name = creditName(settings.credit_name);
    title.textContent = `${name}充值`;
    error.hidden = true;
    render();
    dialog.showModal();
  };
}

let open: ((settings: RechargeSettings) => void) | null = null;

export function openRecharge(settings: RechargeSettings): void {
  const dialog = document.querySelector<HTMLDialogElement>('[data-recharge-dialog]');
  if (!dialog) return;
  open ??= wire(dialog);
  open(settings);
}
