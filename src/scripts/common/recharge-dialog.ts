/**
 * Header 积分充值 dialog (screens §1.2): tiles from the `amount:discount` lines of the recharge
 * settings (badge x.x折 / 无折扣, struck price vs discounted price in 元) and a custom amount; 立即充值
 * creates a recharge order (priced again by the server) and opens its checkout. Plain DOM.
 */
import { isOk, messageOf } from '../../api/http.ts';
import { createOrder, getRechargeSettings } from '../../api/money.ts';
import {
  checkoutUrl,
  creditName,
  discountLabel,
  ORDER_TYPE,
  parseRechargeDiscounts,
  rechargePercent,
  yuan,
} from '../../domain/money.ts';
import { html, raw } from '../../domain/html.ts';

const dialog = document.querySelector<HTMLDialogElement>('[data-recharge-dialog]');
const item = document.querySelector<HTMLElement>('[data-recharge-item]');
const DEFAULT_AMOUNTS = [10, 50, 100];

if (dialog && item) {
  const tiles = dialog.querySelector<HTMLElement>('[data-recharge-tiles]')!;
  const custom = dialog.querySelector<HTMLInputElement>('[data-recharge-custom]')!;
  const summary = dialog.querySelector<HTMLElement>('[data-recharge-summary]')!;
  const error = dialog.querySelector<HTMLElement>('[data-recharge-error]')!;
  const title = dialog.querySelector<HTMLElement>('[data-recharge-title]')!;
  let lines: Array<{ amount: number; percent: number }> = [];
  let rate = 0;
  let name = creditName('');
  let amount = 0;

  const describe = () => {
    const percent = rechargePercent(lines, amount);
    const pay = Math.ceil((amount * 100 * percent) / 100);
    summary.textContent =
      amount > 0 ? `充值 ${amount} 元，获得 ${amount * rate} ${name}，实付 ¥${yuan(pay)}（${discountLabel(percent)}）` : '';
    tiles.querySelectorAll<HTMLButtonElement>('[data-amount]').forEach((b) => {
      const on = Number(b.dataset.amount) === amount;
      b.classList.toggle('border-primary-600', on);
      b.classList.toggle('bg-primary-50', on);
    });
  };

  const render = () => {
    const amounts = lines.length ? lines.map((l) => l.amount) : DEFAULT_AMOUNTS;
    tiles.innerHTML = amounts
      .map((a) => {
        const percent = rechargePercent(lines, a);
        const pay = Math.ceil((a * 100 * percent) / 100);
        return html`<button type="button" data-amount="${a}" class="rounded border border-neutral-200 p-3 text-left hover:border-primary-500">
  <span class="text-xs text-orange-600">${discountLabel(percent)}</span>
  <div class="font-semibold">${a * rate} ${name}</div>
  <div class="text-sm">¥${yuan(pay)} ${percent < 100 && raw(html`<s class="text-neutral-400">¥${yuan(a * 100)}</s>`)}</div>
</button>`;
      })
      .join('');
    amount = amounts[0] ?? 0;
    custom.value = '';
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

  void getRechargeSettings().then((r) => {
    if (!isOk(r) || !r.data.enable || r.data.credit_exchange <= 0) return;
    item.hidden = false;
    lines = parseRechargeDiscounts(r.data.recharge_discount);
    rate = r.data.credit_exchange;
    name = creditName(r.data.credit_name);
    title.textContent = `${name}充值`;
  });

  document.querySelector('[data-recharge-open]')?.addEventListener('click', () => {
    error.hidden = true;
    render();
    dialog.showModal();
  });

  dialog.querySelector('[data-recharge-submit]')?.addEventListener('click', async () => {
    if (amount < 1) {
      error.textContent = '请选择或输入充值金额';
      error.hidden = false;
      return;
    }
    const res = await createOrder({ order_type: ORDER_TYPE.recharge, quantity: amount });
    if (!isOk(res)) {
      error.textContent = messageOf(res);
      error.hidden = false;
      return;
    }
    location.href = checkoutUrl(res.data.order_no);
  });
}
