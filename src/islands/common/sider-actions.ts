/** Sider actions: back-to-top visibility and smooth scroll; feedback link follows live settings. */
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

const feedback = document.querySelector<HTMLAnchorElement>('[data-feedback-link]');
const tip = document.querySelector<HTMLElement>('[data-feedback-tip]');
if (feedback) {
  $settings.subscribe((s) => {
    const url = s.display.contact_link.trim() || s.footer.feedback.trim();
    const ok = Boolean(url) && isSafeUrl(url, { allowExternal: true });
    feedback.hidden = !ok;
    if (ok && feedback.getAttribute('href') !== url) feedback.href = url;
    if (tip) tip.textContent = s.display.contact_tip.trim() || '联系我们，反馈您的意见与建议';
  });
}
