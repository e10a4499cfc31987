/**
 * Search page script (screens §5.6): reads the state from the URL, asks GET /document/search or
 * /article/search, renders filters (with facet counts), sorts, summary, hits and pager, and
 * keeps the URL in step with history.pushState (back/forward re-run the search).
 */
import { isOk, messageOf } from '../../api/http.ts';
import { SEARCH_PAGE_SIZE, searchArticles, searchDocuments } from '../../api/search.ts';
import type { NormalFacets, SearchArticle, SearchDocument, SearchReply } from '../../api/search.ts';
import { $categories, $categoryById } from '../../stores/categories.ts';
import { $settings } from '../../stores/settings.ts';
import { html, raw } from '../../domain/html.ts';
import { setPageName } from '../../lib/page-title.ts';
import { hydrateSiteData } from '../../stores/site-data.ts';
import { fillAdSlots } from '../library/ads.ts';
import { filterBarHtml, sortTabsHtml } from '../../views/search/filters.ts';
import { pagerHtml } from '../../views/pager.ts';
import {
  articleResultHtml,
  documentResultHtml,
  emptyHtml,
  partialNoteHtml,
  promptHtml,
  relatedHtml,
  relatedWords,
  suggestHtml,
  summaryHtml,
} from '../../views/search/results.ts';
import { apiParams, searchHref, stateFromQuery, withChange } from '../../views/search/state.ts';
import type { SearchState, SearchType } from '../../views/search/state.ts';
import { isPlainClick, setHtml } from '../common/dom.ts';

hydrateSiteData();

type Data = { kind: 0; reply: SearchReply<SearchDocument> } | { kind: 1; reply: SearchReply<SearchArticle> };

const root = document.querySelector<HTMLElement>('[data-search-page]');
const form = document.querySelector<HTMLFormElement>('[data-search-form]');

const EMPTY_FACETS: NormalFacets = { ext: {}, category: {}, language: {} };

/** The answer for a state, or the failure message. */
async function fetchData(s: SearchState): Promise<Data | string> {
  const params = apiParams(s);
  if (s.type === 1) {
    const r = await searchArticles(params);
    return isOk(r) ? { kind: 1, reply: r.data } : messageOf(r, '请稍后再试');
  }
  const r = await searchDocuments(params);
  return isOk(r) ? { kind: 0, reply: r.data } : messageOf(r, '请稍后再试');
}

if (root && form) {
  const input = form.querySelector<HTMLInputElement>('input[name="wd"]');
  const typeField = form.querySelector<HTMLInputElement>('input[name="type"]');
  const part = (name: string) => root.querySelector<HTMLElement>(`[data-search-${name}]`);
  const results = part('results');
  let state: SearchState = stateFromQuery(location.search);
  let data: Data | null = null;
  let failed = '';
  let seq = 0;

  const showType = (type: SearchType): void => {
    if (typeField) typeField.value = String(type);
    form.querySelectorAll<HTMLElement>('[data-type-option]').forEach((b) => {
      const on = b.dataset.typeOption === String(type);
      b.setAttribute('aria-checked', on ? 'true' : 'false');
      b.classList.toggle('bg-primary-600', on);
      b.classList.toggle('text-white', on);
      b.classList.toggle('text-neutral-600', !on);
    });
    if (input) input.placeholder = type === 1 ? '搜索文章…' : '搜索文档…';
  };

  const render = (): void => {
    const settings = $settings.get();
    const recommend = settings.system.recommend_words.filter(Boolean).slice(0, 10);
    const byId = $categoryById.get();
    const facets = data?.reply.facets ?? EMPTY_FACETS;
    const ctx = { roots: $categories.get(), byId, languages: settings.language };
    const searched = Boolean(state.wd);
    part('toolbar')?.toggleAttribute('hidden', !searched);
    setHtml(part('filters'), searched ? filterBarHtml(state, facets, ctx) : '');
    setHtml(part('sorts'), searched ? sortTabsHtml(state) : '');
    if (!searched) {
      setHtml(part('summary'), '');
      setHtml(results, promptHtml(state.type, recommend));
      setHtml(part('pager'), '');
      setHtml(part('related'), '');
      part('related')?.toggleAttribute('hidden', true);
      return;
    }
    if (failed) {
      setHtml(results, html`<p role="alert" class="py-12 text-center text-sm text-red-600">搜索失败：${failed}</p>`);
      return;
    }
    if (!data) return;
    const { reply } = data;
    setHtml(part('summary'), summaryHtml(reply.spend, reply.total) + suggestHtml(reply.suggest, state.type));
    const hasFilters = Boolean(state.ext || state.category_id || state.language || state.time);
    const items =
      data.kind === 0
        ? data.reply.items.map((d) => documentResultHtml(d, { settings, byId }))
        : data.reply.items.map(articleResultHtml);
    // the looser results follow the full matches: a line says where they begin
    const firstPartial = data.reply.items.findIndex((item) => item.missing_words?.length);
    if (firstPartial >= 0) items.splice(firstPartial, 0, partialNoteHtml(reply.total - reply.partialTotal));
    const recommended =
      data.kind === 0
        ? data.reply.recommend.map((d) => documentResultHtml(d, { settings, byId }))
        : data.reply.recommend.map(articleResultHtml);
    setHtml(
      results,
      items.length
        ? html`<ol>${raw(items)}</ol>`
        : emptyHtml(state, hasFilters, recommend, { related: reply.related, items: recommended }),
    );
    setHtml(
      part('pager'),
      pagerHtml(state.page, reply.total, SEARCH_PAGE_SIZE, (p) => searchHref({ ...state, page: p })),
    );
    const words = data.kind === 0 ? relatedWords(data.reply.items, state.wd) : [];
    const related = relatedHtml(words, state.type);
    setHtml(part('related'), related);
    part('related')?.toggleAttribute('hidden', !related);
  };

  const run = async (): Promise<void> => {
    const mine = ++seq;
    failed = '';
    if (!state.wd) {
      data = null;
      render();
      return;
    }
    root.setAttribute('aria-busy', 'true');
    if (results) results.style.opacity = '0.5';
    const answer = await fetchData(state);
    if (mine !== seq) return;
    root.setAttribute('aria-busy', 'false');
    if (results) results.style.opacity = '';
    if (typeof answer === 'string') {
      data = null;
      failed = answer;
      render();
      return;
    }
    const { total, items } = answer.reply;
    const last = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
    if (total > 0 && !items.length && state.page > last) {
      state = { ...state, page: last };
      history.replaceState(null, '', searchHref(state));
      void run();
      return;
    }
    data = answer;
    render();
  };

  /** Applies a state: form, title, then the search itself. */
  const apply = (next: SearchState): void => {
    state = next;
    if (input && input.value.trim() !== state.wd) input.value = state.wd;
    showType(state.type);
    setPageName(state.wd || '搜索');
    render(); // the previous answer stays (dimmed) until the new one arrives
    void run();
  };

  const go = (next: SearchState, scroll = false): void => {
    const href = searchHref(next);
    if (href !== location.pathname + location.search) history.pushState(null, '', href);
    apply(next);
    if (scroll) root.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const wd = (input?.value ?? '').trim();
    if (!wd) {
      input?.focus();
      return;
    }
    const type: SearchType = typeField?.value === '1' ? 1 : 0;
    // a new keyword starts without filters; type and sort stay
    go({ ...withChange(state, { type }), wd, page: 1, ext: '', category_id: 0, language: '', time: '' });
  });

  form.addEventListener('click', (e) => {
    const b = (e.target as Element | null)?.closest?.<HTMLElement>('[data-type-option]');
    if (!b) return;
    const type: SearchType = b.dataset.typeOption === '1' ? 1 : 0;
    if (type === state.type) return;
    if (state.wd) go(withChange(state, { type }));
    else {
      state = { ...state, type };
      showType(type);
      render();
    }
  });

  document.addEventListener('click', (e) => {
    if (!isPlainClick(e)) return;
    const a = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-search-link], [data-search-page] a[data-page]');
    if (!a || a.pathname !== '/search' || a.origin !== location.origin) return;
    e.preventDefault();
    go(stateFromQuery(a.search), a.hasAttribute('data-page'));
  });

  window.addEventListener('popstate', () => apply(stateFromQuery(location.search)));

  $settings.listen(render);
  $categories.listen(render);
  apply(state);
  void fillAdSlots();
}
