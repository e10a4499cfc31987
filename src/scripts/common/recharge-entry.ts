/**
 * Header 积分充值 menu item (screens §1.2): shown once a signed-in reader's site sells credits
 * (GET /settings/recharge answers enable with an exchange rate); the dialog's code
 * (recharge-dialog.ts) is fetched on the first click. Visitors neither load it nor ask.
 */
import { call } from '../../api/call.ts';
import { orderRechargeSettings } from '../../api/generated/order.ts';
import { isOk } from '../../api/http.ts';
import { $user } from '../../stores/session.ts';

const item = document.querySelector<HTMLElement>('[data-recharge-item]');

if (item) {
  let asked = false;
  $user.subscribe((me) => {
    if (!me || asked) return;
    asked = true;
    void call(orderRechargeSettings).then((r) => {
      if (!isOk(r) || !r.data.enable || r.data.credit_exchange <= 0) return;
      const settings = r.data;
      item.hidden = false;
      item.querySelector('[data-recharge-open]')?.addEventListener('click', () => {
        // the menu item keeps no focus: the dialog would hand it back on closing and reopen the menu
        (document.activeElement as HTMLElement | null)?.blur();
        void import('./recharge-dialog.ts').then((m) => m.openRecharge(settings));
      });
    });
  });
}
