import { sql } from 'kysely';
import type { SearchArticle, SearchDocument } from '../../contract/search.ts';
import type { Database } from '../db/db.ts';
import { lookupRows } from '../db/lookup.ts';
import { isPublicPage } from '../modules/document/public-text.ts';
import { ARTICLE_INDEXED_STATUS, DOC_INDEXED_STATUS } from './index-sources.ts';
import type { PageHits } from './query.ts';
import { linkedCategoryIds, linkedIds, type LinkedIds } from '../modules/document/document-decorations.repo.ts';
import { snippets } from './search.helpers.ts';
import { highlight } from './snippet.ts';

// The items of a page of hits as the reply shows them: each found row still in view, with its
// highlighted title, snippet, hit pages (public ones) and categories (search.service.ts finds the page).

/** Counters the display settings hide from searchers. */
export interface HiddenCounters {
  hideViewCount?: boolean;
  hideDownloadCount?: boolean;
}

/** A row a search item is made from: still in the index's view when its status is the indexed one and it is not deleted. */
interface FoundRow {
  id: number;
  status: number;
  deleted_at: string | null;
  description: string;
  /** its category ids (linkedCategoryIds) */
  links: LinkedIds;
}

/** What a page of hits is shown from: its rows still in view by id, their categories, the hits and every row's description. */
async function readPage<R extends FoundRow>(page: PageHits, rows: Promise<R[]>, indexedStatus: number) {
  // two reads at once (on PostgreSQL each is a round trip, on the lookup pool): the rows with their categories, and the hit pages
  const [all, hits] = await Promise.all([rows, page.hits]);
  // the index follows an item out of view a moment later: its row says so at once (checked
  // here: as a condition of the statement SQLite walked a partial index, ten times slower)
  const byId = new Map(all.filter((r) => r.status === indexedStatus && !r.deleted_at).map((r) => [r.id, r]));
  const cats = new Map(all.map((r) => [r.id, linkedIds(r.links)]));
  return { byId, cats, hits, heads: new Map(all.map((r) => [r.id, r.description])) };
}

/** Search rows of documents in the order of `hits`: highlighted title, snippet, hit pages (public ones), categories. */
export async function documentItems(
  db: Database,
  page: PageHits,
  pattern: RegExp | null,
  opts: HiddenCounters,
): Promise<SearchDocument[]> {
  const { ids } = page;
  if (!ids.length) return [];
  const read = db
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
    .select(['d.status', 'd.deleted_at', linkedCategoryIds(db, sql.ref('d.id')).as('links')])
    .where('d.id', 'in', ids)
    .compile();
  const { byId, cats, hits, heads } = await readPage(page, lookupRows(db, read), DOC_INDEXED_STATUS);
  // the hit pages come from public text only; this also holds while the index catches up with a price change
  const shown = hits.flatMap((h) => {
    const d = byId.get(h.id);
    if (!d) return [];
    const texts = [...(h.pageTexts ?? [])].filter(([page]) => isPublicPage(d, page));
    return [{ ...h, hitPages: h.hitPages.filter((page) => isPublicPage(d, page)), pageTexts: new Map(texts) }];
  });
  const snips = snippets(shown, heads, pattern);
  return shown.map((h) => {
    const { hash, username, preview, is_vip, status: _status, deleted_at: _deleted, links: _links, ...rest } = byId.get(h.id)!;
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
export async function articleItems(db: Database, page: PageHits, pattern: RegExp | null): Promise<SearchArticle[]> {
  const { ids } = page;
  if (!ids.length) return [];
  const read = db
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
    .select(['a.status', 'a.deleted_at', linkedCategoryIds(db, sql.ref('a.id'), 'article_categories').as('links')])
    .where('a.id', 'in', ids)
    .compile();
  const { byId, cats, hits, heads } = await readPage(page, lookupRows(db, read), ARTICLE_INDEXED_STATUS);
  const snips = snippets(hits, heads, pattern);
  return hits.flatMap((h) => {
    const row = byId.get(h.id);
    if (!row) return [];
    const { status: _status, deleted_at: _deleted, links: _links, ...a } = row;
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
