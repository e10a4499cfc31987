/**
 * 文章审批 (审核通过 / 审核拒绝), 推荐设置 (推荐文章 / 取消推荐) and 删除文章 on the article page (screens §5.5), for
 * readers whose permissions allow them (批量审批文章, 推荐文章, 删除文章 — the same calls the back office makes).
 * Loaded only for readers who hold any permission (scripts/article/owner.ts). After each action the title
 * (status prefix, 推荐 badge) and the buttons are drawn again from the article as it now is.
 */
import { call } from '../../api/call.ts';
import { articleCheck, articleDelete, articlePermissionPaths, articleRecommend } from '../../api/generated/article.ts';
import { isOk, messageOf, type ApiResult } from '../../api/http.ts';
import { html } from '../../domain/html.ts';
import { REVIEW_STATUS } from '../../domain/status.ts';
import { $permissions, $user } from '../../stores/session.ts';
import type { Article } from '../../views/article/list.ts';
import { articleTitleHtml } from '../../views/article/view.ts';
import { setHtml } from '../common/dom.ts';
import { toast } from '../common/toast.ts';

interface Action {
  label: string;
  testId: string;
  /** the change made, or null when the reader called it off */
  run: (a: Article) => Promise<Partial<Article> | null>;
}

const holds = (path: string): boolean => $permissions.get().some((p) => p.path === path);

/** The call's answer as the change it made, or a toast with the server's reason. */
async function done<T>(r: ApiResult<T>, change: Partial<Article>, said: string): Promise<Partial<Article> | null> {
  if (!isOk(r)) {
    toast(messageOf(r, '操作失败，请稍后再试'), 'error');
    return null;
  }
  toast(said, 'success');
  return change;
}

const approve: Action = {
  label: '审核通过',
  testId: 'article-approve',
  run: async (a) =>
    done(
      await call(articleCheck, { id: [a.id], status: REVIEW_STATUS.published }),
      { status: REVIEW_STATUS.published },
      '已审核通过',
    ),
};

const reject: Action = {
  label: '审核拒绝',
  testId: 'article-reject',
  run: async (a) => {
    const reason = prompt('请填写拒绝原因（作者会在消息通知里看到）')?.trim();
    if (!reason) return null;
    const r = await call(articleCheck, { id: [a.id], status: REVIEW_STATUS.rejected, reject_reason: reason });
    return done(r, { status: REVIEW_STATUS.rejected, reject_reason: reason }, '已拒绝');
  },
};

const recommend = (on: boolean): Action => ({
  label: on ? '推荐文章' : '取消推荐',
  testId: 'article-recommend',
  run: async (a) =>
    done(
      await call(articleRecommend, { id: [a.id], is_recommend: on }),
      { recommend_at: on ? new Date().toISOString() : null },
      on ? '已推荐' : '已取消推荐',
    ),
});

const remove: Action = {
  label: '删除文章',
  testId: 'article-delete-any',
  run: async (a) => {
    if (!confirm('确定删除这篇文章吗？删除后可在后台的文章回收站恢复。')) return null;
    const change = await done(await call(articleDelete, { id: [a.id] }), {}, '文章已删除');
    if (change) location.assign('/article');
    return null;
  },
};

/** What this reader may do to the article as it now is (the author's own 删除文章 is in the owner bar). */
function actionsFor(a: Article): Action[] {
  const actions: Action[] = [];
  if (holds(articlePermissionPaths.check)) {
    if (a.status !== REVIEW_STATUS.published) actions.push(approve);
    if (a.status !== REVIEW_STATUS.rejected) actions.push(reject);
  }
  if (holds(articlePermissionPaths.recommend)) actions.push(recommend(!a.recommend_at));
  if (holds(articlePermissionPaths.delete) && $user.get()?.id !== a.user_id) actions.push(remove);
  return actions;
}

const BUTTON = 'rounded border border-neutral-300 px-2.5 py-0.5 text-neutral-700 hover:border-primary-500 hover:text-primary-700';

export function initModeration(view: HTMLElement, built: Article): void {
  const bar = view.querySelector<HTMLElement>('[data-article-moderate]');
  if (!bar) return;
  let article = { ...built };
  let actions: Action[] = [];
  const draw = (): void => {
    actions = actionsFor(article);
    bar.hidden = !actions.length;
    setHtml(
      bar,
      html`<span class="text-neutral-500">管理：</span>` +
        actions
          .map(
            (x, i) =>
              html`<button type="button" class="${BUTTON}" data-action="${i}" data-testid="${x.testId}">${x.label}</button>`,
          )
          .join(''),
    );
  };
  bar.addEventListener('click', async (e) => {
    const button = (e.target as Element | null)?.closest<HTMLButtonElement>('button[data-action]');
    const action = button && actions[Number(button.dataset.action)];
    if (!action || !button) return;
    button.disabled = true;
    const change = await action.run(article);
    button.disabled = false;
    if (!change) return;
    article = { ...article, ...change };
    setHtml(view.querySelector('[data-article-title]'), articleTitleHtml(article));
    draw();
  });
  draw();
  $permissions.listen(draw);
}
