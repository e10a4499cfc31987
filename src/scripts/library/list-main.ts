/**
 * Library list script (screens §5.2): filters, sort tabs and pagination change the list in
 * place through GET /document/list (size 10), mirrored into the URL with
 * history.replaceState. The pre-rendered first page is refreshed with live data on load.
 */
import { call } from '../../api/call.ts';
import { documentList } from '../../api/generated/document.ts';
import type { Document } from '../../contract/document.ts';
import { $categoryById } from '../../stores/categories.ts';
import { $settings } from '../../stores/settings.ts';
import { hydrateSiteData } from '../../stores/site-data.ts';
import { fillAdSlots } from './ads.ts';
import { aggregateKeywords, documentListHtml, keywordsHtml } from '../../views/library/card.ts';
import {
  filterRowsHtml,
  isDefaultState,
  listParams,
  paginationHtml,
  queryOf,
  sortTabsHtml,
  stateFromQuery,
} from '../../views/library/filters.ts';
import type { ListState } from '../../views/library/filters.ts';
import { liveLoader } from '../common/live-list.ts';
import { isPlainClick, setHtml } from '../common/dom.ts';

hydrateSiteData();

const root = document.querySelector<HTMLElement>('[data-library]');

if (root) {
  const categoryId = Number(root.dataset.categoryId) || 0;
  const pathname = root.dataset.pathname || location.pathname;
  const list = root.querySelector<HTMLElement>('[data-doc-list]');
  const filters = document.querySelector<HTMLElement>('[data-filter-rows]');
  const keywords = document.querySelector<HTMLElement>('[data-keywords]');
  let state: ListState = stateFromQuery(location.search);
  let data: { docs: Document[]; total: number } | null = null;

  const render = (): void => {
    const settings = $settings.get();
    setHtml(filters, filterRowsHtml(state, settings.language, pathname, settings.vip.enable));
    setHtml(root.querySelector('[data-sort-tabs]'), sortTabsHtml(state, pathname));
    if (!data) return;
    setHtml(list, documentListHtml(data.docs, { settings, byId: $categoryById.get() }));
    setHtml(root.querySelector('[data-pagination]'), paginationHtml(state, data.total, pathname));
    if (keywords) {
      const kw = keywordsHtml(aggregateKeywords(data.docs));
      setHtml(keywords, kw);
      keywords.hidden = !kw;
    }
  };

  const refresh = liveLoader(
    root,
    list,
    () => call(documentList, listParams(state, categoryId)),
    '文档加载失败',
    (d, quiet) => {
      data = { docs: d.document, total: d.total };
      // a page past the end (e.g. after a filter change elsewhere) falls back to the last page
      const last = Math.max(1, Math.ceil(data.total / 10));
      if (state.page > last && data.total > 0) {
        state = { ...state, page: last };
        history.replaceState(history.state, '', location.pathname + queryOf(state));
        return void refresh(quiet);
      }
      render();
    },
  );

  document.addEventListener('click', (e) => {
    if (!isPlainClick(e)) return;
    const a = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-filter], [data-pagination] a[data-page]');
    if (!a) return;
    e.preventDefault();
    state = stateFromQuery(a.search);
    history.replaceState(history.state, '', location.pathname + queryOf(state));
    render();
    void refresh(false);
    if (a.dataset.page) root.scrollIntoView({ behavior: 'smooth', block: 'start' });
  });

  if (!isDefaultState(state)) render();
  void refresh(isDefaultState(state));
  $settings.listen(render);
  $categoryById.listen(render);
  void fillAdSlots();
}
