/**
 * The home page's user card (components/library/home/HomeUserCard.astro): the guest part, or the
 * member's name, avatar and balance; its 每日签到 button is handled with the header's by
 * scripts/common/sign-in.ts.
 */
import { showAvatar } from '../common/dom.ts';
import { followSession } from '../common/session-parts.ts';
import { creditName } from '../../domain/money.ts';
import { $settings } from '../../stores/settings.ts';

const card = document.querySelector<HTMLElement>('[data-home-user]');

if (card) {
  const guest = card.querySelector<HTMLElement>('[data-home-guest]');
  const member = card.querySelector<HTMLElement>('[data-home-member]');
  const name = card.querySelector<HTMLElement>('[data-home-username]');
  const credit = card.querySelector<HTMLElement>('[data-home-credit]');
  const avatar = card.querySelector<HTMLImageElement>('[data-home-avatar]');
  const initial = card.querySelector<HTMLElement>('[data-home-initial]');
  const creditLabel = card.querySelector<HTMLElement>('[data-home-credit-name]');
  const award = card.querySelector<HTMLElement>('[data-home-sign-award]');

  // the page was built with the settings of its day; 积分配置 may have changed since
  $settings.subscribe(({ system }) => {
    const name = creditName(system.credit_name);
    if (creditLabel) creditLabel.textContent = `${name}：`;
    if (award) {
      award.hidden = system.sign_award <= 0;
      award.textContent = `每日签到可获得 ${system.sign_award} ${name}`;
    }
  });

  followSession(guest, member, (user) => {
    if (name) name.textContent = user.username;
    if (credit) credit.textContent = String(user.credit_count);
    showAvatar(avatar, initial, user);
  });
}
