/** Header 每日签到 / 今日已签到 (GET/PUT /user/sign) for a signed-in member, on every page. Plain DOM. */
import { isOk, messageOf } from '../../api/http.ts';
import { getTodaySign, signToday } from '../../api/money.ts';
import { creditName } from '../../domain/money.ts';
import { $settings } from '../../stores/settings.ts';
import { refreshUser } from '../../stores/session.ts';
import { $token } from '../../stores/token.ts';
import { toast } from '../library/toast.ts';

const button = document.querySelector<HTMLButtonElement>('[data-sign]');

if (button) {
  const done = () => {
    button.disabled = true;
    button.textContent = '今日已签到';
  };
  let checked = '';
  $token.subscribe((token) => {
    if (!token || checked === token) return;
    checked = token;
    void getTodaySign().then((r) => isOk(r) && done());
  });
  button.addEventListener('click', async () => {
    button.disabled = true;
    const r = await signToday();
    if (isOk(r)) {
      done();
      const name = creditName($settings.get().system.credit_name);
      toast(r.data.award ? `签到成功，获得 ${r.data.award} ${name}` : '签到成功', 'success');
      void refreshUser();
    } else if (r.status === 409) done();
    else {
      button.disabled = false;
      toast(messageOf(r, '签到失败'), 'error');
    }
  });
}
