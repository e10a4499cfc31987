/**
 * User home page script (screens §5.7): refreshes the profile (GET /user?id=) and the active
 * tab's list (documents: GET /document/list?user_id=, converted only; articles: GET
 * /article/list?user_id=, published only; favourites: GET /favorite/list?user_id=, public documents only) live. Tabs and pages live in the query
 * (`?tab=article&page=2`) through history.pushState; back/forward work. The page's own user, signed in,
 * sees where each list is managed (会员中心) and 编辑 beside his articles.
 */
import { isOk, messageOf } from '../../api/http.ts';
import { call } from '../../api/call.ts';
import { articleList } from '../../api/generated/article.ts';
import { documentList } from '../../api/generated/document.ts';
import { favoriteList } from '../../api/generated/favorite.ts';
import { DOCUMENT_STATUS, REVIEW_STATUS } from '../../domain/status.ts';
import { $categoryById } from '../../stores/categories.ts';
import { $settings } from '../../stores/settings.ts';
import { html } from '../../domain/html.ts';
import { setPageName } from '../../lib/page-title.ts';
import { hydrateSiteData } from '../../stores/site-data.ts';
import { fillAdSlots } from '../library/ads.ts';
import { creditName } from '../../views/parts.ts';
import {
  articleRowsHtml,
  documentRowsHtml,
  favoriteRowsHtml,
  ownerBarHtml,
  profileHtml,
  tabsHtml,
  USER_LIST_SIZE,
  userPageName,
  userPagerHtml,
} from '../../views/user/page.ts';
import { isDefaultUserState, stateFromLocation, userIdFromPath, userPageHref } from '../../views/user/state.ts';
import type { UserPageState } from '../../views/user/state.ts';
import { isPlainClick, setHtml } from '../common/dom.ts';
import { userGet } from '../../api/generated/user.ts';
import { $user } from '../../stores/session.ts';

hydrateSiteData();

const root = document.querySelector<HTMLElement>('[data-user-page]');

type Rows = { rows: () => string; total: number };

/** The active tab's rows (rendered with the current settings and categories), or a failure message. */
async function fetchRows(userId: number, s: UserPageState): Promise<Rows | string> {
  // newest first; visitors see converted documents and published articles only
  const params = { user_id: [userId], page: s.page, size: USER_LIST_SIZE, order: 'id desc' };
  if (s.tab === 'article') {
    const r = await call(articleList, { ...params, status: [REVIEW_STATUS.published] });
    if (!isOk(r)) return messageOf(r, '列表加载失败，请稍后再试');
    const { article, total } = r.data;
    return { rows: () => articleRowsHtml(article, isOwner(userId)), total };
  }
  if (s.tab === 'favorite') {
    const r = await call(favoriteList, { user_id: userId, page: s.page, size: USER_LIST_SIZE });
    if (!isOk(r)) return messageOf(r, '列表加载失败，请稍后再试');
    const { favorite, total } = r.data;
    return { rows: () => favoriteRowsHtml(favorite), total };
  }
  const r = await call(documentList, { ...params, status: [DOCUMENT_STATUS.converted] });
  if (!isOk(r)) return messageOf(r, '列表加载失败，请稍后再试');
  const { document: docs, total } = r.data;
  return { rows: () => documentRowsHtml(docs, { settings: $settings.get(), byId: $categoryById.get() }), total };
}

/** The signed-in reader is the page's user: his own lists get their management links. */
const isOwner = (userId: number): boolean => $user.get()?.id === userId;

const notice = (text: string, tone = 'text-neutral-500'): string =>
  html`<p role="alert" class="py-6 text-center text-sm ${tone}" data-testid="user-error">${text}</p>`;

if (root) {
  const prebuilt = Boolean(root.dataset.userId);
  const userId = Number(root.dataset.userId) || userIdFromPath(location.pathname);
  const part = (name: string) => root.querySelector<HTMLElement>(`[data-user-${name}]`);
  const list = part('list');
  let state: UserPageState = stateFromLocation(location.pathname, location.search);
  let seq = 0;
  let rows: (() => string) | null = null;
  let total = 0;

  const renderList = (): void => {
    setHtml(part('tabs'), tabsHtml(userId, state));
    const owner = part('owner');
    if (owner) owner.hidden = !isOwner(userId);
    setHtml(owner, isOwner(userId) ? ownerBarHtml(state.tab) : '');
    if (!rows) return;
    setHtml(list, rows());
    setHtml(part('pager'), userPagerHtml(userId, state, total));
  };

  const loadList = async (quiet: boolean): Promise<void> => {
    const mine = ++seq;
    root.setAttribute('aria-busy', 'true');
    if (!quiet && list) list.style.opacity = '0.5';
    const answer = await fetchRows(userId, state);
    if (mine !== seq) return;
    root.setAttribute('aria-busy', 'false');
    if (list) list.style.opacity = '';
    if (typeof answer === 'string') {
      if (!quiet || !prebuilt) {
        rows = () => notice(answer, 'text-red-600');
        total = 0;
        renderList();
      }
      return;
    }
    ({ rows, total } = answer);
    renderList();
  };

  const loadUser = async (): Promise<void> => {
    const r = await call(userGet, { id: userId });
    const profile = part('profile');
    if (isOk(r) && r.data.id) {
      setHtml(profile, profileHtml(r.data, r.data.article_count, creditName($settings.get())));
      profile?.removeAttribute('aria-busy');
      setPageName(userPageName(r.data.username));
      return;
    }
    if (prebuilt && !(r.status === 404)) return; // keep the pre-rendered card
    setHtml(profile, notice(r.status === 404 || isOk(r) ? '用户不存在或已被删除' : messageOf(r, '用户信息加载失败')));
    profile?.removeAttribute('aria-busy');
  };

  const go = (next: UserPageState, scroll: boolean): void => {
    const href = userPageHref(userId, next);
    if (href !== location.pathname + location.search) history.pushState(null, '', href);
    state = next;
    renderList();
    void loadList(false);
    if (scroll) part('tabs')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  if (!userId) {
    setHtml(part('profile'), notice('用户不存在或已被删除'));
    part('profile')?.removeAttribute('aria-busy');
  } else {
    root.addEventListener('click', (e) => {
      if (!isPlainClick(e)) return;
      const a = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-user-link]');
      if (!a || a.origin !== location.origin) return;
      e.preventDefault();
      go(stateFromLocation(a.pathname, a.search), a.hasAttribute('data-page'));
    });
    window.addEventListener('popstate', () => {
      state = stateFromLocation(location.pathname, location.search);
      renderList();
      void loadList(false);
    });
    $settings.listen(renderList);
    $categoryById.listen(renderList);
    $user.listen(renderList);
    const quiet = prebuilt && isDefaultUserState(state);
    if (!quiet) renderList();
    void loadUser();
    void loadList(quiet);
  }
  void fillAdSlots();
}
