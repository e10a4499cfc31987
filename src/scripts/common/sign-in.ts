/**
 * 每日签到 / 今日已签到 (GET /user/sign/today, PUT /user/sign) for a signed-in member: every `[data-sign]` button on
 * the page (the header menu on every page, the home page's user card) shows the same state.
 * Plain DOM.
 */
import { isOk, messageOf } from '../../api/http.ts';
import { call } from '../../api/call.ts';
import { creditSign, creditToday } from '../../api/generated/credit.ts';
import { creditName } from '../../domain/money.ts';
import { $settings } from '../../stores/settings.ts';
import { refreshUser } from '../../stores/session.ts';
import { $token } from '../../stores/token.ts';
import { toast } from './toast.ts';

const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-sign]')];

if (buttons.length) {
  const setAll = (signed: boolean, busy = false) =>
    buttons.forEach((b) => {
      b.disabled = signed || busy;
      b.textContent = signed ? '今日已签到' : '每日签到';
      b.toggleAttribute('data-signed', signed);
    });
  let checked = '';
  // bumped by each click: a state read before the click is older than the click's answer and is dropped
  let clicks = 0;
  $token.subscribe((token) => {
    if (!token || checked === token) return;
    checked = token;
    const asked = clicks;
    void call(creditToday).then((r) => {
      if (asked === clicks) setAll(isOk(r) && r.data.signed);
    });
  });
  const sign = async () => {
    clicks++;
    setAll(false, true);
    const r = await call(creditSign);
    if (isOk(r)) {
      setAll(true);
      const name = creditName($settings.get().system.credit_name);
      toast(r.data.award ? `签到成功，获得 ${r.data.award} ${name}奖励` : '签到成功', 'success');
      void refreshUser();
    } else if (r.status === 409) setAll(true);
    else {
      setAll(false);
      toast(messageOf(r, '签到失败'), 'error');
    }
  };
  buttons.forEach((b) => b.addEventListener('click', () => void sign()));
}
