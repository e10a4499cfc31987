/**
 * 编辑文章 / 删除文章 on the article page (screens §5.6), for its author only: the links show once the
 * signed-in reader is known to be the author. Deleting asks first, moves the article to the recycle bin
 * (DELETE /article) and goes to 我的文章; the delete call is loaded on that click.
 */
import { call } from '../../api/call.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { MEMBER_PATHS } from '../../domain/urls.ts';
import { $user } from '../../stores/session.ts';
import { toast } from '../common/toast.ts';

export function initOwnerActions(view: HTMLElement, article: { id: number; user_id: number }): void {
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
