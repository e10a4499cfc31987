/**
 * Tiny loader on every default-layout page: a click on any `[data-feedback-open]` element
 * (the sider-actions 意见反馈 button) loads the feedback form code and opens the dialog — or,
 * on the /feedback page, focuses the page's own form, which is wired at once.
 */
import { isPlainClick } from '../common/dom.ts';

const load = () => import('./feedback.ts');

const page = document.querySelector<HTMLElement>('[data-feedback-page]');
if (page) void load().then((m) => m.initFeedbackForm(page));

document.addEventListener('click', (e) => {
  if (!isPlainClick(e)) return;
  const opener = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('[data-feedback-open]');
  if (!opener) return;
  e.preventDefault();
  void load().then(
    (m) => {
      if (!m.openFeedback()) location.assign(opener.href || '/feedback');
    },
    () => location.assign(opener.href || '/feedback'),
  );
});
