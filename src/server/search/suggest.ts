import type { Database } from '../db/db.ts';
import { likeAny } from '../http/list.ts';
import type { Kind } from './backend.ts';
import { backendFor } from './backends.ts';
import { ARTICLE_INDEXED_STATUS, DOC_INDEXED_STATUS } from './index-sources.ts';
import { normalize, segmentQuery } from './segment.ts';
import { parseQuery, type Term } from './terms.ts';
import { executeOn } from './window.ts';

/**
 * What a search that finds nothing offers instead: searches that do find something, and the
 * site's recommended documents or articles. Searches come from the query itself (shorter forms
 * the index finds), then from what readers searched before with results (search records
 * sharing a word), else the most frequent of those.
 */

const MAX_SEARCHES = 8;
const MAX_RECOMMENDED = 5;
/** Query terms looked up one by one (each an index lookup of one row). */
const MAX_CANDIDATES = 12;
/** Search records read: the most recent ones. */
const RECENT_RECORDS = 5000;

const TYPE: Record<Kind, number> = { doc: 0, article: 1 };

async function found(db: Database, kind: Kind, query: string): Promise<boolean> {
  const { terms } = parseQuery(query);
  if (!terms.length) return false;
  // the newest match, as a window in id order reads it (on PostgreSQL from the local copy when up to date)
  const [[newest]] = backendFor(db).tierReads(db, kind, [terms], { size: 1, newest: true });
  return (await newest!.ids(executeOn(db))).length > 0;
}

/** Earlier searches with results: sharing a word with the query, or else the most frequent. */
async function recorded(db: Database, kind: Kind, words: readonly string[], exclude: ReadonlySet<string>): Promise<string[]> {
  const recent = db
    .selectFrom('search_records')
    .select('keywords')
    .where('type', '=', TYPE[kind])
    .where('total', '>', 0)
    .orderBy('id', 'desc')
    .limit(RECENT_RECORDS)
    .as('r');
  const query = (related: boolean) => {
    let q = db
      .selectFrom(recent)
      .select(['r.keywords', (eb) => eb.fn.countAll<number>().as('n')])
      .where('r.keywords', '<>', '');
    if (related) q = q.where((eb) => eb.or(words.map((w) => likeAny(['r.keywords'], w))));
    return q
      .groupBy('r.keywords')
      .orderBy('n', 'desc')
      .orderBy('r.keywords')
      .limit(MAX_SEARCHES * 2)
      .execute();
  };
  const keep = (rows: Array<{ keywords: string }>) =>
    rows.map((r) => r.keywords.trim()).filter((k) => k && !exclude.has(normalize(k)));
  const related = words.length ? keep(await query(true)) : [];
  return related.length ? related : keep(await query(false));
}

/**
 * Shorter forms of the query that find something, most complete first: the query without the
 * words nothing holds, then also without one more, then each word alone; a long run that finds
 * nothing offers its jieba words.
 */
async function shorterForms(db: Database, kind: Kind, text: string, terms: readonly Term[]): Promise<string[]> {
  const query = normalize(text);
  const without = (dropped: readonly Term[]) =>
    dropped
      .reduce((q, t) => q.replace(t.word, ' '), query)
      .replace(/\s+/g, ' ')
      .trim();
  const checked = new Map<string, Promise<boolean>>();
  const finds = (q: string) => {
    if (!checked.has(q)) checked.set(q, q && q !== query ? found(db, kind, q) : Promise.resolve(false));
    return checked.get(q)!;
  };
  const list = terms.slice(0, MAX_CANDIDATES);
  const alive: Term[] = [];
  for (const t of list) if (await finds(t.word)) alive.push(t);
  const dead = list.filter((t) => !alive.includes(t));
  const forms: string[] = [];
  if (alive.length > 1) {
    forms.push(without(dead));
    for (const t of alive) forms.push(without([...dead, t]));
  }
  forms.push(...alive.map((t) => t.word));
  for (const t of dead)
    if (Array.from(t.word).length > 2) forms.push(...segmentQuery(t.word).filter((w) => Array.from(w).length >= 2));
  const out: string[] = [];
  for (const f of new Set(forms)) {
    if (out.length >= MAX_SEARCHES) break;
    if (await finds(f)) out.push(f);
  }
  return out;
}

/** Up to eight searches that find something, for a query `text` that found nothing. */
export async function suggestSearches(db: Database, kind: Kind, text: string, terms: readonly Term[]): Promise<string[]> {
  const out = await shorterForms(db, kind, text, terms);
  if (out.length < MAX_SEARCHES) {
    const words = terms.map((t) => t.word).filter((w) => Array.from(w).length >= 2);
    const exclude = new Set([normalize(text), ...out]);
    out.push(...(await recorded(db, kind, words, exclude)));
  }
  return [...new Set(out)].slice(0, MAX_SEARCHES);
}

/** Ids of up to five items to read instead: the recommended ones (newest recommendation first), then the most viewed. */
export async function recommendedIds(db: Database, kind: Kind): Promise<number[]> {
  const table = kind === 'doc' ? 'documents' : 'articles';
  const status = kind === 'doc' ? DOC_INDEXED_STATUS : ARTICLE_INDEXED_STATUS;
  const visible = db.selectFrom(table).select('id').where('status', '=', status).where('deleted_at', 'is', null);
  const picked = await visible
    .where('recommend_at', 'is not', null)
    .orderBy('recommend_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_RECOMMENDED)
    .execute();
  const ids = picked.map((r) => r.id);
  if (ids.length < MAX_RECOMMENDED) {
    let more = visible
      .orderBy('view_count', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_RECOMMENDED - ids.length);
    if (ids.length) more = more.where('id', 'not in', ids);
    ids.push(...(await more.execute()).map((r) => r.id));
  }
  return ids;
}
