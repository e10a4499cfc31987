import type {
  ArticleSearchQuery,
  ArticleSearchReply,
  DocumentSearchQuery,
  DocumentSearchReply,
  SearchArticle,
  SearchDocument,
} from '../../contract/search.ts';
import type { Database } from '../db/db.ts';
import { isPublicPage } from '../modules/document/public-text.ts';
import { ARTICLE_INDEXED_STATUS, DOC_INDEXED_STATUS } from './indexer.ts';
import { badRequest } from '../http/errors.ts';
import type { Kind } from './backend.ts';
import { pageOf, runSearch, type PageHits, type SearchResult, type SearchSpec } from './query.ts';
import { capTotal, categoryIds, paging, snippets, spendSince } from './search.helpers.ts';
import { articleSpec, documentSpec } from './search.specs.ts';
import { highlight, wordsPattern } from './snippet.ts';
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

export interface SearchOptions {
  /** display.max_search_pages (0 = no cap) */
  maxPages: number;
  /** hide counters the display settings hide */
  hideViewCount?: boolean;
  hideDownloadCount?: boolean;
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

/** A row a search item is made from: still in the index's view when its status is the indexed one and it is not deleted. */
interface FoundRow {
  id: number;
  status: number;
  deleted_at: string | null;
  description: string;
}

/** What a page of hits is shown from: its rows still in view by id, their categories, the hits and every row's description. */
async function readPage<R extends FoundRow>(
  db: Database,
  page: PageHits,
  rows: Promise<R[]>,
  categories: 'document_categories' | 'article_categories',
  indexedStatus: number,
) {
  // three reads at once: on PostgreSQL each is a round trip
  const [all, cats, hits] = await Promise.all([rows, categoryIds(db, categories, page.ids), page.hits]);
  // the index follows an item out of view a moment later: its row says so at once (checked
  // here: as a condition of the statement SQLite walked a partial index, ten times slower)
  const byId = new Map(all.filter((r) => r.status === indexedStatus && !r.deleted_at).map((r) => [r.id, r]));
  return { byId, cats, hits, heads: new Map(all.map((r) => [r.id, r.description])) };
}

/** Search rows of documents in the order of `hits`: highlighted title, snippet, hit pages (public ones), categories. */
async function documentItems(
  db: Database,
  page: PageHits,
  pattern: RegExp | null,
  opts: SearchOptions,
): Promise<SearchDocument[]> {
  const { ids } = page;
  if (!ids.length) return [];
  const rows = db
    .selectFrom('documents as d')
    .leftJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.id',
      'd.uuid',
      'd.title',
      'd.keywords',
      'd.description',
      'd.ext',
      'd.pages',
      'd.preview',
      'd.size',
      'd.price',
      'd.is_vip',
      'd.score',
      'd.view_count',
      'd.download_count',
      'd.language',
      'd.user_id',
      'd.hash',
      'd.created_at',
      'd.updated_at',
      'u.username',
    ])
    .select(['d.status', 'd.deleted_at'])
    .where('d.id', 'in', ids)
    .execute();
  const { byId, cats, hits, heads } = await readPage(db, page, rows, 'document_categories', DOC_INDEXED_STATUS);
  // the hit pages come from public text only; this also holds while the index catches up with a price change
  const shown = hits.flatMap((h) => {
    const d = byId.get(h.id);
    if (!d) return [];
    const texts = [...(h.pageTexts ?? [])].filter(([page]) => isPublicPage(d, page));
    return [{ ...h, hitPages: h.hitPages.filter((page) => isPublicPage(d, page)), pageTexts: new Map(texts) }];
  });
  const snips = snippets(shown, heads, pattern);
  return shown.map((h) => {
    const { hash, username, preview, is_vip, status: _status, deleted_at: _deleted, ...rest } = byId.get(h.id)!;
    return {
      ...rest,
      is_vip: Boolean(is_vip),
      // a bigint column: PostgreSQL's driver reads it as a string (document.view.ts does the same)
      size: Number(rest.size),
      username: username ?? '',
      title_highlight: highlight(rest.title, pattern),
      snippet: snips.get(h.id) ?? '',
      hit_pages: h.hitPages,
      view_count: opts.hideViewCount ? 0 : rest.view_count,
      download_count: opts.hideDownloadCount ? 0 : rest.download_count,
      category_id: cats.get(h.id) ?? [],
      attachment: { hash },
      ...(h.missing ? { missing_words: h.missing } : {}),
    };
  });
}

/** Search rows of articles in the order of `hits`. */
async function articleItems(db: Database, page: PageHits, pattern: RegExp | null): Promise<SearchArticle[]> {
  const { ids } = page;
  if (!ids.length) return [];
  const rows = db
    .selectFrom('articles as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.identifier',
      'a.title',
      'a.keywords',
      'a.description',
      'a.author',
      'a.user_id',
      'a.view_count',
      'a.created_at',
      'a.updated_at',
      'u.username',
    ])
    .select(['a.status', 'a.deleted_at'])
    .where('a.id', 'in', ids)
    .execute();
  const { byId, cats, hits, heads } = await readPage(db, page, rows, 'article_categories', ARTICLE_INDEXED_STATUS);
  const snips = snippets(hits, heads, pattern);
  return hits.flatMap((h) => {
    const row = byId.get(h.id);
    if (!row) return [];
    const { status: _status, deleted_at: _deleted, ...a } = row;
    return [
      {
        ...a,
        username: a.username ?? '',
        title_highlight: highlight(a.title, pattern),
        snippet: snips.get(a.id) ?? '',
        category_id: cats.get(a.id) ?? [],
        ...(h.missing ? { missing_words: h.missing } : {}),
      },
    ];
  });
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
  const [result, suggest] = await Promise.all([
    runSearch(db, of.spec(terms, limit, offset), true),
    spellingSuggestion(db, of.kind, text),
  ]);
  const extra = { ...looseness(result), ...(suggest ? { suggest } : {}) };
  if (!result.total) return done({ facets: result.facets, ...extra, ...(await empty()) });
  const found = { [of.key]: await of.items(result.page, pattern) } as Reply<K, Item>;
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
