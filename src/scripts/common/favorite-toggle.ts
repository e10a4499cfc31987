/**
 * The 收藏 button of a document or an article page: shows whether the member has it among his
 * favourites (GET /favorite), adds or removes it on a click (POST / DELETE /favorite), and tells a
 * visitor to sign in first. `redo` 'favorite': back from signing in to favourite it (done unless it
 * already is a favourite).
 */
import { call } from '../../api/call.ts';
import { favoriteCreate, favoriteDelete, favoriteGet } from '../../api/generated/favorite.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { $token } from '../../stores/token.ts';
import { requireLogin } from './login-prompt.ts';
import { afterLiveCounts, bumpCount } from './live-counts.ts';
import { toast } from './toast.ts';

/** What is favourited: a document (type 0) or an article (type 1), by id. */
export interface FavoriteTarget {
  id: number;
  type: 0 | 1;
}

export function initFavoriteToggle(view: HTMLElement, target: FavoriteTarget, redo: string): void {
  const btn = view.querySelector<HTMLButtonElement>('[data-favorite]');
  const label = view.querySelector<HTMLElement>('[data-favorite-label]');
  if (!btn) return;
  // the page's own words, e.g. 收藏文章 / 取消收藏 on an article (screens §5.6)
  const words = { off: btn.dataset.favoriteOff ?? '收藏', on: btn.dataset.favoriteOn ?? '已收藏' };
  let favId = 0;
  const set = (id: number): void => {
    favId = id;
    btn.setAttribute('aria-pressed', String(id > 0));
    btn.classList.toggle('text-amber-600', id > 0);
    if (label) label.textContent = id > 0 ? words.on : words.off;
  };
  const load = async (): Promise<void> => {
    const r = await call(favoriteGet, { document_id: target.id, type: target.type });
    if (isOk(r)) set(r.data.id);
  };
  // a redo waits for the live read too, so that the read is taken before the favourite it would otherwise count twice
  if ($token.get()) void Promise.all([load(), afterLiveCounts()]).then(() => favId === 0 && redo === 'favorite' && btn.click());
  btn.addEventListener('click', async () => {
    if (!requireLogin('收藏', 'favorite')) return;
    btn.disabled = true;
    if (favId > 0) {
      const r = await call(favoriteDelete, { id: [favId] });
      if (isOk(r)) {
        set(0);
        bumpCount('favorite', -1);
        toast('已取消收藏', 'success');
      } else toast(messageOf(r, '取消收藏失败'), 'error');
    } else {
      const r = await call(favoriteCreate, { document_id: target.id, type: target.type });
      if (isOk(r)) {
        set(r.data.id || 1);
        bumpCount('favorite', 1);
        toast('收藏成功', 'success');
      } else if (r.status === 409) await load();
      else toast(messageOf(r, '收藏失败'), 'error');
    }
    btn.disabled = false;
  });
}
