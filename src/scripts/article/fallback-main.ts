/**
 * Fallback shell (/article/fallback): serves articles newer than the last build. The server
 * answers an unknown /article/<category>/detail/<identifier> with this page, so the identifier
 * comes from the path (or `?identifier=`); the article is loaded live from GET /article (which
 * counts the view) and rendered with the same markup as the static pages. Authors also see
 * their own articles that still wait for review here.
 */
import { call } from '../../api/call.ts';
import { articleGet } from '../../api/generated/article.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { $settings } from '../../stores/settings.ts';
import { hydrateSiteData } from '../../stores/site-data.ts';
import { mountArticle } from './mount.ts';
import { articleUrl, identifierFromLocation } from '../../domain/urls.ts';
import { articleDescription, articleViewHtml } from '../../views/article/view.ts';
import { runFallbackShell, type Missing } from '../common/fallback.ts';

hydrateSiteData();

const missing: Missing = { pageName: '文章不存在', back: { href: '/article', label: '返回文章列表' } };

runFallbackShell('[data-article-fallback]', missing, async () => {
  const identifier = identifierFromLocation(location.pathname, location.search);
  if (!identifier) return '未指定要阅读的文章。';
  const r = await call(articleGet, { identifier });
  if (!isOk(r)) {
    const gone = r.status === 404 || r.status === 403;
    return gone ? '文章不存在或已被删除。' : messageOf(r, '文章加载失败，请稍后再试。');
  }
  const a = r.data;
  return () => ({
    markup: articleViewHtml(a, { siteName: $settings.get().system.sitename, related: [] }),
    title: a.title,
    keywords: a.keywords,
    description: articleDescription(a),
    canonical: articleUrl(a),
    view: '[data-article-view]',
    mount: (view) => mountArticle(view, a),
  });
});
