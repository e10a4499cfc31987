/** The 登录后即可… dialog of login-prompt.ts: loaded when a visitor first presses a member-only action. */
import { html } from '../../domain/html.ts';
import { loginRedirect } from '../../lib/guards.ts';

/** `path`: where 登录 and 注册 lead back to (this page, with the action to redo). */
export function showPrompt(action: string, path: string): void {
  document.querySelector('dialog[data-login-prompt]')?.remove();
  const back = encodeURIComponent(path);
  const dialog = document.createElement('dialog');
  dialog.dataset.loginPrompt = '';
  dialog.dataset.testid = 'login-prompt';
  dialog.setAttribute('aria-labelledby', 'login-prompt-title');
  dialog.className = 'm-auto w-[22rem] max-w-[92vw] rounded-lg p-0 shadow-xl backdrop:bg-black/40';
  dialog.innerHTML = html`<form method="dialog" class="p-5 text-center">
  <h2 id="login-prompt-title" class="mb-2 text-lg font-semibold">登录后即可${action}</h2>
  <p class="mb-4 text-sm text-neutral-600">登录后将回到本页</p>
  <div class="flex justify-center gap-3">
    <a data-login-go href="${loginRedirect(path)}" class="rounded bg-primary-600 px-5 py-2 text-white hover:bg-primary-700">登录</a>
    <a href="/auth/register?redirect=${back}" class="rounded border border-primary-600 px-5 py-2 text-primary-700 hover:bg-primary-50">注册</a>
    <button value="cancel" class="rounded px-4 py-2 text-neutral-600 hover:bg-neutral-100">取消</button>
  </div>
</form>`;
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
