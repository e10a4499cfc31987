/**
 * Wires a rendered article view (static page or fallback shell): 分享, 收藏, the author's own actions, the comments
 * widget (type 1), related articles refreshed live (GET /article/related) and the live counters.
 */
import { call } from '../../api/call.ts';
import { articleRelated } from '../../api/generated/article.ts';
import type { Article } from '../../views/article/list.ts';
import { isOk } from '../../api/http.ts';
import { $settings } from '../../stores/settings.ts';
import { mountComments } from '../comments/index.ts';
import { articleMetaHtml, articleTitleHtml, relatedHtml } from '../../views/article/view.ts';
import { setHtml } from '../common/dom.ts';
import { initFavoriteToggle } from '../common/favorite-toggle.ts';
import { takeAfterLogin } from '../common/login-prompt.ts';
import { closeDialogsOnDismiss, initShareDialog } from '../common/share.ts';
import { initShareLinks } from './share-links.ts';
import { initOwnerActions } from './owner.ts';
import { FAVORITE_TYPE } from '../../domain/status.ts';

async function loadRelated(view: HTMLElement, a: Article): Promise<void> {
  const box = view.querySelector<HTMLElement>('[data-article-related]');
  if (!box) return;
  const r = await call(articleRelated, { id: a.id });
  // 404 means "none": an empty card is hidden
  if (!isOk(r) && r.status !== 404) return;
  const markup = relatedHtml(isOk(r) ? r.data.article.filter((x) => x.id !== a.id && x.identifier) : []);
  setHtml(box, markup);
  box.hidden = !markup;
}

/** Shows a live copy of the article: title, counters and, when it changed, the body. */
export function applyLiveArticle(view: HTMLElement, built: Article, live: Article): void {
  setHtml(view.querySelector('[data-article-title]'), articleTitleHtml(live));
  setHtml(view.querySelector('[data-article-meta]'), articleMetaHtml(live, $settings.get().system.sitename));
  const content = view.querySelector<HTMLElement>('[data-article-content]');
  // the body is sanitised by the server (allow-list) before it is stored
  if (content && live.content && (live.updated_at !== built.updated_at || !content.innerHTML.trim()))
    content.innerHTML = live.content;
}

export function mountArticle(view: HTMLElement, a: Article): void {
  initFavoriteToggle(view, { id: a.id, type: FAVORITE_TYPE.article }, takeAfterLogin());
  initShareDialog(view);
  initShareLinks(view, a.title);
  closeDialogsOnDismiss(view);
  initOwnerActions(view, a);
  const box = view.querySelector<HTMLElement>('[data-article-comments]');
  if (box) mountComments(box, { type: 1, targetId: a.id });
  void loadRelated(view, a);
}
