/**
 * Sider actions: back-to-top visibility and smooth scroll; the contact link and the feedback
 * tip follow live settings (the 意见反馈 button itself is wired by scripts/feedback).
 */
import { isSafeUrl } from '../../lib/safe-url.ts';
import { $settings } from '../../stores/settings.ts';

const top = document.querySelector<HTMLButtonElement>('[data-back-to-top]');
if (top) {
  const update = (): void => {
    top.hidden = window.scrollY < 300;
  };
  window.addEventListener('scroll', update, { passive: true });
  update();
  top.addEventListener('click', () => window.scrollTo({ top: 0, behavior: 'smooth' }));
}

const contact = document.querySelector<HTMLAnchorElement>('[data-contact-link]');
const tip = document.querySelector<HTMLElement>('[data-feedback-tip]');
$settings.subscribe((s) => {
  const url = s.display.contact_link.trim();
  const ok = Boolean(url) && isSafeUrl(url, { allowExternal: true });
  if (contact) {
    contact.hidden = !ok;
    if (ok && contact.getAttribute('href') !== url) contact.href = url;
  }
  if (tip) tip.textContent = s.display.contact_tip.trim() || '联系我们，反馈您的意见与建议';
});
