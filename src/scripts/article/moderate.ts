/**
 * 文章审批 (审核通过 / 审核拒绝), 推荐设置 (推荐文章 / 取消推荐) and 删除文章 on the article page (screens §5.5), for
 * readers whose permissions allow them (批量审批文章, 推荐文章, 删除文章 — the same calls the back office makes).
 * Loaded only for readers who hold any permission (scripts/article/owner.ts).
 */
import { call } from '../../api/call.ts';
import { articleCheck, articleDelete, articlePermissionPaths, articleRecommend } from '../../api/generated/article.ts';
import { REVIEW_STATUS } from '../../domain/status.ts';
import { $user } from '../../stores/session.ts';
import type { Article } from '../../views/article/list.ts';
import { articleTitleHtml } from '../../views/article/view.ts';
import { holds, initActionBar, settled, type BarAction } from '../common/action-bar.ts';
import { setHtml } from '../common/dom.ts';

type Action = BarAction<Article>;

const approve: Action = {
  label: '审核通过',
  testId: 'article-approve',
  run: async (a) =>
    settled(
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
    return settled(r, { status: REVIEW_STATUS.rejected, reject_reason: reason }, '已拒绝');
  },
};

const recommend = (on: boolean): Action => ({
  label: on ? '推荐文章' : '取消推荐',
  testId: 'article-recommend',
  run: async (a) =>
    settled(
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
    if (await settled(await call(articleDelete, { id: [a.id] }), {}, '文章已删除')) location.assign('/article');
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

export function initModeration(view: HTMLElement, article: Article): void {
  const bar = view.querySelector<HTMLElement>('[data-article-moderate]');
  if (bar)
    initActionBar(bar, article, actionsFor, (a) => setHtml(view.querySelector('[data-article-title]'), articleTitleHtml(a)));
}
