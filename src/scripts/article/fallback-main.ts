/**
 * Fallback shell (/article/fallback): serves articles newer than the last build. The server
 * answers an unknown /article/<category>/detail/<identifier> with this page, so the identifier
 * comes from the path (or `?identifier=`); the article is loaded live from GET /article (which
 * counts the view) and rendered with the same markup as the static pages. Authors also see
 * their own articles that still wait for review here.
 */
import { getArticle } from '../../api/article.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { $settings } from '../../stores/settings.ts';
import { setPageName } from '../../lib/page-title.ts';
import { escapeHtml } from '../../domain/html.ts';
import { hydrateSiteData } from '../../stores/site-data.ts';
import { mountArticle } from './mount.ts';
import { articleUrl, identifierFromLocation } from '../../domain/urls.ts';
import { articleDescription, articleViewHtml } from '../../views/article/view.ts';

hydrateSiteData();

const root = document.querySelector<HTMLElement>('[data-article-fallback]');

function setMeta(name: string, content: string): void {
  let meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

function showError(el: HTMLElement, message: string): void {
  el.innerHTML = `<section class="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center" data-article-error><img src="/images/error-404.svg" alt="404" width="400" height="260" class="h-auto w-full max-w-sm"><h1 class="mt-6 text-2xl font-bold text-neutral-800">出错啦！</h1><p class="mt-3 text-neutral-500">${escapeHtml(message)}</p><a href="/article" class="mt-8 inline-flex items-center rounded-md bg-primary-600 px-6 py-2 text-white hover:bg-primary-700">返回文章列表</a></section>`;
  setPageName('文章不存在');
}

async function load(el: HTMLElement): Promise<void> {
  const identifier = identifierFromLocation(location.pathname, location.search);
  if (!identifier) return showError(el, '未指定要阅读的文章。');
  const r = await getArticle({ identifier });
  if (!isOk(r)) {
    const gone = r.status === 404 || r.status === 403;
    return showError(el, gone ? '文章不存在或已被删除。' : messageOf(r, '文章加载失败，请稍后再试。'));
  }
  const a = r.data;
  el.innerHTML = articleViewHtml(a, { siteName: $settings.get().system.sitename, related: [] });
  setPageName(a.title);
  setMeta('keywords', a.keywords);
  setMeta('description', articleDescription(a));
  // show the article's own address (a later visit finds its static page once it is built)
  const canonical = articleUrl(a);
  if (location.pathname.replace(/\.html$/, '') !== canonical) history.replaceState(history.state, '', canonical + location.hash);
  const view = el.querySelector<HTMLElement>('[data-article-view]');
  if (view) mountArticle(view, a);
}

if (root) void load(root).finally(() => root.setAttribute('aria-busy', 'false'));
