/**
 * Rating (5 stars → POST /document/score), report dialog (the reasons of REPORT_REASON_LABELS → POST /report) and
 * share dialog (link copy + QR code, common/share.ts).
 */
import { call } from '../../api/call.ts';
import { scoreGet, scoreSet } from '../../api/generated/score.ts';
import type { Document } from '../../contract/document.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { $token } from '../../stores/token.ts';
import { toast } from '../common/toast.ts';
import { requireLogin } from '../common/login-prompt.ts';
import { closeDialogsOnDismiss, initShareDialog } from '../common/share.ts';

function initScore(view: HTMLElement, doc: Document): void {
  const stars = [...view.querySelectorAll<HTMLButtonElement>('[data-score-star]')];
  const note = view.querySelector<HTMLElement>('[data-score-note]');
  const title = view.querySelector<HTMLElement>('[data-score-title]');
  if (!stars.length) return;
  let mine = 0;
  const paint = (n: number): void =>
    stars.forEach((s, i) => {
      s.classList.toggle('text-amber-400', i < n);
      s.classList.toggle('text-neutral-300', i >= n);
    });
  const lock = (n: number): void => {
    mine = n;
    paint(n);
    stars.forEach((s) => (s.disabled = true));
    if (title) title.textContent = '我的评分';
    if (note) note.textContent = stars[n - 1]?.title ?? '';
  };
  if ($token.get()) {
    void call(scoreGet, { document_id: doc.id }).then((r) => {
      if (isOk(r) && r.data.score > 0) lock(Math.max(1, Math.min(5, Math.round(r.data.score / 100))));
    });
  }
  stars.forEach((s, i) => {
    s.addEventListener('mouseenter', () => {
      paint(i + 1);
      if (note) note.textContent = s.title;
    });
    s.addEventListener('mouseleave', () => {
      paint(mine);
      if (note) note.textContent = mine ? (stars[mine - 1]?.title ?? '') : '';
    });
    s.addEventListener('click', async () => {
      if (mine || !requireLogin('评分')) return;
      const r = await call(scoreSet, { document_id: doc.id, score: (i + 1) * 100 });
      if (isOk(r)) {
        lock(i + 1);
        toast('评分成功，感谢您的评价', 'success');
      } else toast(messageOf(r, '评分失败'), 'error');
    });
  });
}

function initReport(view: HTMLElement, doc: Document): void {
  const dialog = view.querySelector<HTMLDialogElement>('dialog[data-report-dialog]');
  const form = dialog?.querySelector<HTMLFormElement>('[data-report-form]');
  if (!dialog || !form) return;
  view.querySelector('[data-report]')?.addEventListener('click', () => {
    if (requireLogin('举报')) dialog.showModal();
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const reason = Number(data.get('reason'));
    if (!reason) {
      toast('请选择举报原因', 'error');
      return;
    }
    const submit = form.querySelector<HTMLButtonElement>('[data-report-submit]');
    if (submit) submit.disabled = true;
    // loaded on first use: few readers report, and the page's first load stays within its budget
    const { reportCreate } = await import('../../api/generated/report.ts');
    const r = await call(reportCreate, { document_id: doc.id, reason, remark: String(data.get('remark') ?? '').trim() });
    if (submit) submit.disabled = false;
    if (isOk(r)) {
      dialog.close();
      form.reset();
      toast('举报成功，感谢您的反馈', 'success');
    } else toast(messageOf(r, '举报失败'), 'error');
  });
}

export function initEngage(view: HTMLElement, doc: Document): void {
  initScore(view, doc);
  initReport(view, doc);
  initShareDialog(view);
  closeDialogsOnDismiss(view);
}
