/**
 * Static article page (/article/<category>/detail/<identifier>): wires the pre-rendered view,
 * then asks GET /article?identifier= once — which counts the view — to show live counters
 * and the current body when the article changed after the build.
 */
import { call } from '../../api/call.ts';
import { articleGet } from '../../api/generated/article.ts';
import type { Article } from '../../views/article/list.ts';
import { isOk } from '../../api/http.ts';
import { setPageName } from '../../lib/page-title.ts';
import { hydrateSiteData } from '../../stores/site-data.ts';
import { applyLiveArticle, mountArticle } from './mount.ts';
import { ARTICLE_DATA_ID } from '../../views/article/view.ts';
import { builtItem, prependGoneNote } from '../common/dom.ts';
import { trackLiveCounts } from '../common/live-counts.ts';

hydrateSiteData();

const page = builtItem<Article>('[data-article-view]', ARTICLE_DATA_ID, articleGet.zero);

if (page) {
  const { view, item: built } = page;
  // the live read goes first: what the page does on mounting (a redo after signing in) waits for it
  void trackLiveCounts(
    call(articleGet, { identifier: built.identifier }).then((r) => {
      if (isOk(r)) {
        applyLiveArticle(view, built, r.data);
        if (r.data.title !== built.title) setPageName(r.data.title);
        return;
      }
      if (r.status === 404 || r.status === 403) prependGoneNote(view, '该文章已被删除或暂时不可访问。');
    }),
  );
  mountArticle(view, built);
}
