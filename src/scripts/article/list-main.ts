/**
 * Article list script (screens §5.4): pagination loads pages live through
 * GET /article/list?category_id=&page=&size=10 (mirrored in `?page=`, back/forward aware);
 * the pre-rendered first page, the recommended articles (换一批) and the compact footer are
 * refreshed with live data on load.
 */
import { call } from '../../api/call.ts';
import { articleList } from '../../api/generated/article.ts';
import { isOk } from '../../api/http.ts';
import { $settings } from '../../stores/settings.ts';
import { hydrateSiteData } from '../../stores/site-data.ts';
import { liveLoader } from '../common/live-list.ts';
import { countedPagerHtml } from '../../views/pager.ts';
import {
  ARTICLE_PAGE_SIZE,
  articleListHtml,
  pageFromQuery,
  pageHref,
  RECOMMEND_POOL,
  type Article,
} from '../../views/article/list.ts';
import { compactFooterHtml, recommendHtml } from '../../views/article/sidebar.ts';
import { isPlainClick, setHtml } from '../common/dom.ts';

hydrateSiteData();

const root = document.querySelector<HTMLElement>('[data-article-list-view]');

function initSidebar(): void {
  const box = document.querySelector<HTMLElement>('[data-recommend]');
  let pool: Article[] = [];
  let batch = 0;
  const render = (): void => {
    if (!box) return;
    const html = recommendHtml(pool, batch);
    setHtml(box, html);
    box.hidden = !html;
  };
  box?.addEventListener('click', (e) => {
    if (!(e.target as Element).closest('[data-recommend-next]')) return;
    batch++;
    render();
  });
  void call(articleList, { page: 1, size: RECOMMEND_POOL, is_recommend: [true], order: 'recommend_at desc' }).then((r) => {
    if (!isOk(r)) return;
    pool = r.data.article.filter((a) => a.identifier);
    render();
  });
  const footer = document.querySelector<HTMLElement>('[data-compact-footer]');
  if (footer)
    $settings.subscribe((s) => setHtml(footer, compactFooterHtml(s, Number(footer.dataset.year) || new Date().getFullYear())));
}

if (root) {
  const categoryId = Number(root.dataset.categoryId) || 0;
  const pathname = root.dataset.pathname || location.pathname;
  const list = root.querySelector<HTMLElement>('[data-article-list]');
  const pager = root.querySelector<HTMLElement>('[data-article-pagination]');
  let page = pageFromQuery(location.search);
  let data: { articles: Article[]; total: number } | null = null;

  const render = (): void => {
    if (!data) return;
    setHtml(list, articleListHtml(data.articles, $settings.get().system.sitename));
    setHtml(
      pager,
      countedPagerHtml(page, data.total, ARTICLE_PAGE_SIZE, (p) => pageHref(pathname, p)),
    );
  };

  const load = liveLoader(
    root,
    list,
    () => call(articleList, { page, size: ARTICLE_PAGE_SIZE, ...(categoryId ? { category_id: [categoryId] } : {}) }),
    '文章加载失败',
    (d, quiet) => {
      data = { articles: d.article, total: d.total };
      // a page past the end falls back to the last one
      const last = Math.max(1, Math.ceil(data.total / ARTICLE_PAGE_SIZE));
      if (page > last) {
        page = last;
        history.replaceState(history.state, '', pageHref(pathname, page));
        return void load(quiet);
      }
      render();
    },
  );

  root.addEventListener('click', (e) => {
    if (!isPlainClick(e)) return;
    const a = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-page]');
    if (!a) return;
    e.preventDefault();
    page = Number(a.dataset.page) || 1;
    history.pushState(history.state, '', pageHref(pathname, page));
    void load(false);
    root.scrollIntoView({ behavior: 'smooth', block: 'start' });
  });
  window.addEventListener('popstate', () => {
    page = pageFromQuery(location.search);
    void load(false);
  });

  void load(page === 1);
  $settings.listen(render);
  initSidebar();
}
