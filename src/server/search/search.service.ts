import type { ArticleSearchQuery, ArticleSearchReply, DocumentSearchQuery, DocumentSearchReply } from '../../contract/search.ts';
import type { Database } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';
import type { Kind } from './backend.ts';
import { pageOf, runSearch, type PageHits, type SearchResult, type SearchSpec } from './query.ts';
import { articleItems, documentItems, type HiddenCounters } from './search.items.ts';
import { capTotal, paging, spendSince } from './search.helpers.ts';
import { articleSpec, documentSpec } from './search.specs.ts';
import { wordsPattern } from './snippet.ts';
import { recommendedIds, suggestSearches } from './suggest.ts';
import { spellingSuggestion } from './spelling.ts';
import { parseQuery, type Term } from './terms.ts';

/**
 * Full-text search of documents and articles (HTTP-free, so the benchmark drives it directly).
 * Every query term must occur in the item (title, keywords, description or any page whose text is
 * public: a paid document's preview pages, see public-text.ts); when that finds few, items lacking
 * one term follow (`partial_total` of them, each with its `missing_words`, query.ts). A likely
 * typo gets a corrected query (`suggest`, spelling.ts). A search that finds nothing answers with
 * searches that do (`related`) and recommended items (`recommend`), see suggest.ts.
 */

export interface SearchOptions extends HiddenCounters {
  /** display.max_search_pages (0 = no cap) */
  maxPages: number;
}

export interface Outcome<R> {
  reply: R;
  total: number;
  page: number;
  spend: number;
}

function prepare(wd: string | undefined) {
  const t0 = performance.now();
  const text = (wd ?? '').trim();
  if (!text) throw badRequest('请输入搜索关键词');
  const { terms, words } = parseQuery(text);
  return { t0, text, terms, pattern: wordsPattern(words) };
}

/** How many results lack one of the words (the looser search, query.ts), when any do. */
const looseness = (r: SearchResult): { partial_total?: number } =>
  r.total > r.exact ? { partial_total: r.total - r.exact } : {};

/** What an empty result carries instead of nothing. */
async function suggestions(db: Database, kind: Kind, text: string, terms: readonly Term[]) {
  const [related, recommend] = await Promise.all([suggestSearches(db, kind, text, terms), recommendedIds(db, kind)]);
  return { related, recommend: pageOf(recommend.map((id) => ({ id, rel: 0, hitPages: [] }))) };
}

/** What sets a search of one kind apart: where its rows go in the reply, its query and its rows. */
interface Searched<K extends string, Item> {
  /** the reply's list of found items */
  key: K;
  kind: Kind;
  spec: (terms: readonly Term[], limit: number, offset: number) => SearchSpec;
  items: (page: PageHits, pattern: RegExp | null) => Promise<Item[]>;
}

type Reply<K extends string, Item> = Omit<DocumentSearchReply, 'document' | 'recommend'> & {
  [P in K]?: Item[];
} & { recommend?: Item[] };

/** One search of either kind: the found items, or what an empty result carries instead. */
async function search<K extends string, Item>(
  db: Database,
  q: { wd?: string; page?: number },
  maxPages: number,
  of: Searched<K, Item>,
): Promise<Outcome<Reply<K, Item>>> {
  const { t0, text, terms, pattern } = prepare(q.wd);
  const { page, limit, offset } = paging(q.page, maxPages);
  const done = (reply: Reply<K, Item>, total = 0): Outcome<Reply<K, Item>> => {
    const spend = spendSince(t0);
    return { reply: { total, spend, ...reply }, total, page, spend: Number(spend) };
  };
  const empty = async (): Promise<Reply<K, Item>> => {
    const { related, recommend } = await suggestions(db, of.kind, text, terms);
    // every key of a reply is optional, the generic one too: TypeScript cannot tell without the cast
    return { related, recommend: await of.items(recommend, null) } as Reply<K, Item>;
  };
  if (!terms.length) return done(await empty());
  // the page's rows read as soon as the window settles the page (runSearch), else after it
  let early: { page: PageHits; items: Promise<Item[]> } | undefined;
  const readEarly = (page: PageHits) => {
    early = { page, items: of.items(page, pattern) };
    early.items.catch(() => undefined);
  };
  const [result, suggest] = await Promise.all([
    runSearch(db, of.spec(terms, limit, offset), true, readEarly),
    spellingSuggestion(db, of.kind, text),
  ]);
  const extra = { ...looseness(result), ...(suggest ? { suggest } : {}) };
  if (!result.total) return done({ facets: result.facets, ...extra, ...(await empty()) });
  const items = early?.page === result.page ? early.items : of.items(result.page, pattern);
  const found = { [of.key]: await items } as Reply<K, Item>;
  return done({ ...found, facets: result.facets, ...extra }, capTotal(result.total, maxPages));
}

export const searchDocuments = (
  db: Database,
  q: DocumentSearchQuery,
  opts: SearchOptions,
): Promise<Outcome<DocumentSearchReply>> =>
  search(db, q, opts.maxPages, {
    key: 'document',
    kind: 'doc',
    spec: (terms, limit, offset) => documentSpec(q, terms, limit, offset, opts.maxPages),
    items: (page, pattern) => documentItems(db, page, pattern, opts),
  });

export const searchArticles = (db: Database, q: ArticleSearchQuery, opts: SearchOptions): Promise<Outcome<ArticleSearchReply>> =>
  search(db, q, opts.maxPages, {
    key: 'article',
    kind: 'article',
    spec: (terms, limit, offset) => articleSpec(q, terms, limit, offset, opts.maxPages),
    items: (page, pattern) => articleItems(db, page, pattern),
  });
