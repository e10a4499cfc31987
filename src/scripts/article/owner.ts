/**
 * 编辑文章 / 删除文章 on the article page (screens §5.5), for its author only: the links show once the
 * signed-in reader is known to be the author. Deleting asks first, moves the article to the recycle bin
 * (DELETE /article) and goes to 我的文章; the delete call is loaded on that click. Readers holding any
 * permission get the moderation bar (scripts/article/moderate.ts), loaded for them only.
 */
import { call } from '../../api/call.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { MEMBER_PATHS } from '../../domain/urls.ts';
import { $permissions, $user } from '../../stores/session.ts';
import { toast } from '../common/toast.ts';
import type { Article } from '../../views/article/list.ts';

/** The moderation bar, once, when the reader holds a permission (members hold none). */
function offerModeration(view: HTMLElement, article: Article): void {
  let loaded = false;
  $permissions.subscribe((held) => {
    if (loaded || !held.length) return;
    loaded = true;
    void import('./moderate.ts').then((m) => m.initModeration(view, article));
  });
}

export function initOwnerActions(view: HTMLElement, article: Article): void {
  offerModeration(view, article);
  const bar = view.querySelector<HTMLElement>('[data-article-owner]');
  if (!bar) return;
  $user.subscribe((me) => (bar.hidden = !me || me.id !== article.user_id));
  bar.querySelector('[data-article-delete]')?.addEventListener('click', async () => {
    if (!confirm('确定删除这篇文章吗？删除后可联系管理员从回收站恢复。')) return;
    const { articleDelete } = await import('../../api/generated/article.ts');
    const r = await call(articleDelete, { id: [article.id] });
    if (!isOk(r)) return toast(messageOf(r, '删除失败'), 'error');
    toast('文章已删除', 'success');
    location.assign(MEMBER_PATHS.articles);
  });
}
