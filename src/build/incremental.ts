/**
 * What the incremental renderer (src/server/site/render/) asks of the build data: put right the
 * data a batch of change events touched, and name every page that may show those items (their
 * own page, the list pages and home blocks they appear in, their sitemap part). The renderer
 * renders each named page that still has a static path and deletes the file of each that lost
 * it, so this list may be generous but must never miss a page.
 *
 * The pages are compiled into a Vite bundle the renderer cannot import, so the hook is reached
 * through a global `Symbol.for` key, registered by the always-built /sitemap.xml route.
 */
import type { Article } from '../views/article/list.ts';
import type { Document } from '../contract/document.ts';
import type { ChangeEvent, ItemKind } from '../server/events/bus.ts';
import { articleListUrl, articleUrl, categoryChain, categoryUrl, documentUrl, userUrl } from '../domain/urls.ts';
import type { CategoryIndex } from '../lib/tree.ts';
import { publicUsers } from '../components/user/build-data.ts';
import { allPublishedArticles, articlesWithContent, recommendedArticles, withContent } from './articles.ts';
import {
  allPublicDocuments,
  categoryIndex,
  homeDocuments,
  longTailDocuments,
  publicDocumentsById,
  websiteBanners,
} from './documents.ts';
import { getSiteData } from './site-data.ts';
import { refreshSitemapArticles, refreshSitemapDocuments, resetSitemap, sitemapPart, sitemapPartUrl } from './sitemap.ts';

export interface IncrementalHooks {
  /** Updates the data and answers the URL paths of every page that may show the changed items. */
  apply(events: readonly ChangeEvent[]): Promise<string[]>;
}

export const INCREMENTAL_HOOKS = Symbol.for('wenku.site.incremental');

/** The items of this kind that changed (visits change nothing). */
const idsOf = (events: readonly ChangeEvent[], kind: ItemKind): Set<number> =>
  new Set(events.flatMap((e) => (e.kind === kind && e.change !== 'visited' ? e.ids : [])));
const visitedIds = (events: readonly ChangeEvent[]): number[] =>
  events.flatMap((e) => (e.kind === 'document' && e.change === 'visited' ? e.ids : []));

/** A list of items newest first (id descending) with `fresh` in place of the items of `ids`. */
function replaced<T extends { id: number }>(list: readonly T[], ids: ReadonlySet<number>, fresh: readonly T[]): T[] {
  return [...list.filter((x) => !ids.has(x.id)), ...fresh].sort((a, b) => b.id - a.id);
}

/** Category list pages of these categories and their parents. */
function categoryPages(ids: Iterable<number>, byId: CategoryIndex, url: (id: number) => string): string[] {
  const out: string[] = [];
  for (const id of ids) for (const c of categoryChain(id, byId)) out.push(url(c.id));
  return out;
}

async function documentPages(ids: Set<number>, byId: CategoryIndex, pages: Set<string>): Promise<void> {
  const before = (await allPublicDocuments()).filter((d) => ids.has(d.id));
  const after = await publicDocumentsById([...ids]);
  await allPublicDocuments.patch((list) => replaced(list, ids, after));
  homeDocuments.reset();
  const users = new Set((await publicUsers()).map((u) => u.id));
  const add = (d: Document) => {
    pages.add(documentUrl(d, byId));
    for (const p of categoryPages(d.category_id ?? [], byId, categoryUrl)) pages.add(p);
    if (users.has(d.user_id)) pages.add(userUrl(d.user_id));
  };
  // the page at its old address is named too: the renderer deletes it when it has no path any more
  for (const d of [...before, ...after]) add(d);
  await refreshSitemapDocuments(ids, after);
  for (const id of ids) pages.add(sitemapPartUrl(sitemapPart('documents', id)));
  pages.add('/library');
}

/**
 * Documents a reader asked for that have no page file: older than the pre-rendered ones (the long
 * tail of this batch: they have a static path until the next batch) or whose file went missing.
 * Only their own page is named; lists, home and sitemap show nothing new.
 */
async function visitedPages(ids: readonly number[], byId: CategoryIndex, pages: Set<string>): Promise<void> {
  if (!ids.length) return longTailDocuments.patch(() => []);
  const asked = new Set(ids);
  const known = (await allPublicDocuments()).filter((d) => asked.has(d.id));
  const knownIds = new Set(known.map((d) => d.id));
  const tail = await publicDocumentsById([...asked].filter((id) => !knownIds.has(id)));
  await longTailDocuments();
  await longTailDocuments.patch(() => tail);
  for (const d of [...known, ...tail]) pages.add(documentUrl(d, byId));
}

async function articlePages(ids: Set<number>, pages: Set<string>): Promise<void> {
  const before = (await allPublishedArticles()).filter((a) => ids.has(a.id));
  allPublishedArticles.reset();
  recommendedArticles.reset();
  const after = (await allPublishedArticles()).filter((a) => ids.has(a.id));
  const built = await withContent(after);
  await articlesWithContent.patch((list) => {
    const kept = list.filter((b) => !ids.has(b.article.id));
    return [...kept, ...built].sort((a, b) => b.article.id - a.article.id);
  });
  const byId = await categoryIndex();
  const add = (a: Article) => {
    pages.add(articleUrl(a));
    for (const p of categoryPages(a.category_id, byId, articleListUrl)) pages.add(p);
  };
  for (const a of [...before, ...after]) add(a);
  await refreshSitemapArticles();
  for (const id of ids) pages.add(sitemapPartUrl(sitemapPart('articles', id)));
  pages.add('/article');
}

/** Category pages (both kinds) before and after, and the pages of the items filed under them. */
async function categoryChange(ids: Set<number>, pages: Set<string>): Promise<CategoryIndex> {
  const before = await categoryIndex();
  getSiteData.reset();
  resetSitemap();
  const after = await categoryIndex();
  for (const byId of [before, after]) {
    for (const id of ids) {
      const c = byId.get(id);
      if (!c) continue;
      for (const p of categoryPages([id], byId, c.type === 1 ? articleListUrl : categoryUrl)) pages.add(p);
    }
  }
  // documents filed under a changed category: their breadcrumb, and their address when it moved
  for (const d of await allPublicDocuments()) {
    if (!d.category_id?.some((id) => ids.has(id))) continue;
    pages.add(documentUrl(d, before));
    pages.add(documentUrl(d, after));
  }
  for (const a of await allPublishedArticles()) if (a.category_id.some((id) => ids.has(id))) pages.add(articleUrl(a));
  pages.add('/library');
  pages.add('/article');
  pages.add(sitemapPartUrl('pages'));
  return after;
}

async function apply(events: readonly ChangeEvent[]): Promise<string[]> {
  const pages = new Set<string>();
  const categories = idsOf(events, 'category');
  const byId = categories.size ? await categoryChange(categories, pages) : await categoryIndex();
  const documents = idsOf(events, 'document');
  if (documents.size) await documentPages(documents, byId, pages);
  // every batch: the last batch's long tail loses its static paths
  await visitedPages(
    visitedIds(events).filter((id) => !documents.has(id)),
    byId,
    pages,
  );
  const articles = idsOf(events, 'article');
  if (articles.size) await articlePages(articles, pages);
  if (idsOf(events, 'banner').size) websiteBanners.reset();
  const users = idsOf(events, 'user');
  if (users.size) {
    publicUsers.reset();
    for (const id of users) pages.add(userUrl(id));
  }
  // home blocks, banners and the sitemap index follow every change
  if (events.some((e) => e.kind === 'shared' || e.change !== 'visited')) pages.add('/');
  if (categories.size || documents.size || articles.size) pages.add('/sitemap.xml');
  return [...pages];
}

/** Makes the hooks reachable from the renderer outside the bundle. */
export function registerIncrementalHooks(): void {
  const hooks: IncrementalHooks = { apply };
  (globalThis as unknown as Record<symbol, IncrementalHooks>)[INCREMENTAL_HOOKS] = hooks;
}
