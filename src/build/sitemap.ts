/**
 * The sitemap as an index (`/sitemap.xml`) of parts of at most 50,000 URLs (sitemaps.org):
 * `pages` (home, library, categories, article lists), then documents and articles by id range,
 * so a change to one item touches one part only (the incremental renderer re-renders that part
 * and the index). Parts are pre-rendered by src/pages/sitemap/[part].xml.ts.
 *
 * Documents are read part by part through Wenku's /document/sitemap, so the sitemap lists every
 * public document, also those older than the pre-rendered ones (MAX_PRERENDERED_DOCUMENTS): their
 * address answers with the document shell. A server without that call (moredoc) gives the
 * pre-rendered documents only.
 */
import { call } from '../api/call.ts';
import { documentSitemap } from '../api/generated/document.ts';
import { isOk } from '../api/http.ts';
import type { SitemapDocument } from '../contract/document.ts';
import { SITEMAP_URLS_PER_PART } from '../domain/rules.ts';
import { articleListUrl, articleUrl, categoryUrl, documentUrl } from '../domain/urls.ts';
import type { CategoryIndex } from '../lib/tree.ts';
import type { Article } from '../views/article/list.ts';
import { articleCategories, allPublishedArticles } from './articles.ts';
import { allPublicDocuments, categoryIndex, documentCategories } from './documents.ts';
import { memo } from './memo.ts';
import { getSiteData } from './site-data.ts';
import { newestLastmod, type SitemapEntry } from '../server/site/fallback.ts';

/** A part's entries and the newest of their lastmods (the index shows it: computed once per part). */
export interface SitemapPart {
  entries: SitemapEntry[];
  lastmod: string | null;
}

type Kind = 'documents' | 'articles';
/** What a document entry needs: a /document/sitemap item, or a listed document (no server call). */
type ListedDocument = Omit<SitemapDocument, 'category_id'> & { category_id?: readonly number[] };
type Dated = { id: number; created_at: string; updated_at?: string | null };

const partNo = (id: number): number => Math.floor((id - 1) / SITEMAP_URLS_PER_PART);
/** The part holding an item (ids 1…50,000 in part 0, and so on). */
export const sitemapPart = (kind: Kind, id: number): string => `${kind}-${partNo(id)}`;
export const sitemapPartUrl = (part: string): string => `/sitemap/${part}.xml`;

const lastmodOf = (x: Dated): string => x.updated_at || x.created_at;
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
const partOf = (entries: SitemapEntry[]): SitemapPart => ({ entries, lastmod: newestLastmod(entries) });

/** One part of the documents, from the server; null when it has no /document/sitemap. */
async function readDocumentPart(part: number): Promise<{ document: SitemapDocument[]; parts: number } | null> {
  const r = await call(documentSitemap, { part });
  if (isOk(r)) return r.data;
  if (r.status === 404 || r.status === 405 || r.status === 501) return null;
  throw new Error(`/document/sitemap?part=${part} failed: ${r.data.message}`);
}

/**
 * The sitemap's documents by part number; `complete` when the server listed them all, else they
 * are the pre-rendered ones (allPublicDocuments), and a changed part is taken from those again.
 */
const sitemapDocuments = memo('sitemap-documents', async () => {
  const byPart = new Map<number, ListedDocument[]>();
  const online = (await getSiteData()).source === 'api';
  const first = online ? await readDocumentPart(0) : null;
  if (!first) {
    for (const d of [...(await allPublicDocuments())].sort((a, b) => a.id - b.id)) pushTo(byPart, partNo(d.id), d);
    return { complete: false, byPart };
  }
  if (first.document.length) byPart.set(0, first.document);
  for (let part = 1; part < first.parts; part++) {
    const read = await readDocumentPart(part);
    if (read?.document.length) byPart.set(part, read.document);
  }
  return { complete: true, byPart };
});

const documentEntries = (docs: readonly ListedDocument[], byId: CategoryIndex): SitemapEntry[] =>
  docs.map((d) => ({ path: documentUrl(d, byId), lastmod: lastmodOf(d) }));

/** The parts of every sitemap, by part name (`pages` first). */
export const sitemapParts = memo('sitemap', async (): Promise<Map<string, SitemapPart>> => {
  const [categories, documents, byId, articleCats, articles] = await Promise.all([
    documentCategories(),
    sitemapDocuments(),
    categoryIndex(),
    articleCategories(),
    allPublishedArticles(),
  ]);
  const pages = [
    ...categories.map((c) => ({ path: categoryUrl(c.id), lastmod: c.updated_at })),
    { path: '/article' },
    ...articleCats.map((c) => ({ path: articleListUrl(c.id), lastmod: c.updated_at })),
  ];
  const parts = new Map<string, SitemapPart>([['pages', partOf(pages)]]);
  for (const [no, docs] of [...documents.byPart].sort((a, b) => a[0] - b[0]))
    parts.set(`documents-${no}`, partOf(documentEntries(docs, byId)));
  for (const [name, part] of articleParts(articles)) parts.set(name, part);
  return parts;
});

function articleParts(articles: readonly Article[]): Map<string, SitemapPart> {
  const entries = new Map<string, SitemapEntry[]>();
  for (const a of articles) pushTo(entries, sitemapPart('articles', a.id), { path: articleUrl(a), lastmod: lastmodOf(a) });
  return new Map([...entries].map(([name, list]) => [name, partOf(list)]));
}

/** Puts right the article parts from the (refreshed) published articles: they are few. */
export async function refreshSitemapArticles(): Promise<void> {
  const fresh = articleParts(await allPublishedArticles());
  await sitemapParts.patch((parts) => {
    for (const name of [...parts.keys()]) if (name.startsWith('articles-') && !fresh.has(name)) parts.delete(name);
    for (const [name, part] of fresh) parts.set(name, part);
    return parts;
  });
}

/**
 * Puts right the document parts holding the documents `ids`, given those of them that are public
 * now (as the list answered them): no call, and work in proportion to a part, not to the library.
 */
export async function refreshSitemapDocuments(ids: ReadonlySet<number>, fresh: readonly ListedDocument[]): Promise<void> {
  const numbers = new Set([...ids].map(partNo));
  const byId = await categoryIndex();
  const changed = new Map<number, ListedDocument[]>();
  await sitemapDocuments.patch((value) => {
    for (const no of numbers) {
      const kept = (value.byPart.get(no) ?? []).filter((d) => !ids.has(d.id));
      const docs = [...kept, ...fresh.filter((d) => partNo(d.id) === no)].sort((a, b) => a.id - b.id);
      changed.set(no, docs);
      if (docs.length) value.byPart.set(no, docs);
      else value.byPart.delete(no);
    }
    return value;
  });
  await sitemapParts.patch((parts) => {
    for (const [no, docs] of changed) {
      if (docs.length) parts.set(`documents-${no}`, partOf(documentEntries(docs, byId)));
      else parts.delete(`documents-${no}`);
    }
    return parts;
  });
}

/** Forgets every part: categories changed, so addresses may have moved and links gone. */
export function resetSitemap(): void {
  sitemapDocuments.reset();
  sitemapParts.reset();
}
