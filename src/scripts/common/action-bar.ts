/**
 * A row of managing buttons on a public page (the article's 审核 / 推荐 / 删除, the document's 编辑 / 推荐 / 删除),
 * for the readers who may use them: the page's script loads it only for signed-in readers. Each action calls the
 * API the back office calls; after it the page redraws from the item as it now is.
 */
import { isOk, messageOf, type ApiResult } from '../../api/http.ts';
import { html } from '../../domain/html.ts';
import { $permissions, $user } from '../../stores/session.ts';
import { setHtml } from './dom.ts';
import { toast } from './toast.ts';

export interface BarAction<T> {
  label: string;
  testId: string;
  /** the change it made, or null when nothing changed here (called off, failed, or the page moves on) */
  run: (item: T) => Promise<Partial<T> | null>;
}

/** Whether the signed-in reader's permissions (GET /user/permission) name this one. */
export const holds = (path: string): boolean => $permissions.get().some((p) => p.path === path);

/** The call's answer as the change it made (with a toast saying so), or a toast with the server's reason. */
export async function settled<T>(r: ApiResult<unknown>, change: Partial<T>, said: string): Promise<Partial<T> | null> {
  if (!isOk(r)) {
    toast(messageOf(r, '操作失败，请稍后再试'), 'error');
    return null;
  }
  toast(said, 'success');
  return change;
}

const BUTTON = 'rounded border border-neutral-300 px-2.5 py-0.5 text-neutral-700 hover:border-primary-500 hover:text-primary-700';

/**
 * Fills `bar` with the actions `actionsFor` offers for the item (hidden when none), and draws them again, with
 * `redraw` for the rest of the page, after each change and whenever the reader or his permissions change.
 */
export function initActionBar<T>(
  bar: HTMLElement,
  start: T,
  actionsFor: (item: T) => BarAction<T>[],
  redraw: (item: T) => void,
): void {
  let item = start;
  let actions: BarAction<T>[] = [];
  const draw = (): void => {
    actions = actionsFor(item);
    bar.hidden = !actions.length;
    const buttons = actions.map(
      (a, i) => html`<button type="button" class="${BUTTON}" data-action="${i}" data-testid="${a.testId}">${a.label}</button>`,
    );
    setHtml(bar, html`<span class="text-neutral-500">管理：</span>` + buttons.join(''));
  };
  bar.addEventListener('click', async (e) => {
    const button = (e.target as Element | null)?.closest<HTMLButtonElement>('button[data-action]');
    const action = button && actions[Number(button.dataset.action)];
    if (!button || !action) return;
    button.disabled = true;
    const change = await action.run(item);
    button.disabled = false;
    if (!change) return;
    item = { ...item, ...change };
    redraw(item);
    draw();
  });
  draw();
  $permissions.listen(draw);
  $user.listen(draw);
}
