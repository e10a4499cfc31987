import { sql } from 'kysely';
import type { Database } from '../db/db.ts';
import { likeAny } from '../http/list.ts';
import type { Kind } from './backend.ts';
import { backendFor } from './backends.ts';
import { ARTICLE_INDEXED_STATUS, DOC_INDEXED_STATUS } from './indexer.ts';
import { segmentQuery } from './segment.ts';
import { parseQuery, type Term } from './terms.ts';

/**
 * What a search that finds nothing offers instead: searches that do find something, and the
 * site's recommended documents or articles. Searches come from the query itself (the query
 * without one of its words, each word alone, the words of a long run) when the index holds
 * them, then from what readers searched before with results (search records sharing a word),
 * then from the most frequent of those.
 */

const MAX_SEARCHES = 8;
const MAX_RECOMMENDED = 5;
/** Candidates from the query that are looked up (each one an index lookup of one row). */
const MAX_CANDIDATES = 12;
/** Search records read: the most recent ones. */
const RECENT_RECORDS = 5000;

const TYPE: Record<Kind, number> = { doc: 0, article: 1 };

/** Shorter forms of the query, most complete first. */
function candidates(text: string, terms: readonly Term[]): string[] {
  const words = terms.map((t) => t.word);
  const out: string[] = [];
  if (words.length > 1) {
    for (let i = 0; i < words.length; i++) out.push(words.filter((_, j) => j !== i).join(' '));
    out.push(...words);
  }
  for (const w of words) if (Array.from(w).length > 2) out.push(...segmentQuery(w).filter((p) => Array.from(p).length >= 2 && p !== w));
  const self = text.trim().toLowerCase();
  return [...new Set(out)].filter((c) => c && c !== self).slice(0, MAX_CANDIDATES);
}

async function found(db: Database, kind: Kind, query: string): Promise<boolean> {
  const { terms } = parseQuery(query);
  if (!terms.length) return false;
  const { rows } = await sql`select count(*) as n from (${backendFor(db).matches(kind, terms, { size: 1, newest: true })}) m`.execute(db);
  return Number((rows[0] as { n: number | string } | undefined)?.n ?? 0) > 0;
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
    let q = db.selectFrom(recent).select(['r.keywords', (eb) => eb.fn.countAll<number>().as('n')]).where('r.keywords', '<>', '');
    if (related) q = q.where((eb) => eb.or(words.map((w) => likeAny(['r.keywords'], w))));
    return q.groupBy('r.keywords').orderBy('n', 'desc').orderBy('r.keywords').limit(MAX_SEARCHES * 2).execute();
  };
  const keep = (rows: Array<{ keywords: string }>) => rows.map((r) => r.keywords.trim()).filter((k) => k && !exclude.has(k.toLowerCase()));
  const related = words.length ? keep(await query(true)) : [];
  return related.length ? related : keep(await query(false));
}

/** Up to eight searches that find something, for a query `text` that found nothing. */
export async function suggestSearches(db: Database, kind: Kind, text: string, terms: readonly Term[]): Promise<string[]> {
  const out: string[] = [];
  for (const c of candidates(text, terms)) {
    if (out.length >= MAX_SEARCHES) break;
    if (await found(db, kind, c)) out.push(c);
  }
  if (out.length < MAX_SEARCHES) {
    const words = terms.map((t) => t.word).filter((w) => Array.from(w).length >= 2);
    const exclude = new Set([text.trim().toLowerCase(), ...out.map((o) => o.toLowerCase())]);
    out.push(...(await recorded(db, kind, words, exclude)));
  }
  return [...new Set(out)].slice(0, MAX_SEARCHES);
}

/** Ids of up to five items to read instead: the recommended ones (newest recommendation first), then the most viewed. */
export async function recommendedIds(db: Database, kind: Kind): Promise<number[]> {
  const table = kind === 'doc' ? 'documents' : 'articles';
  const status = kind === 'doc' ? DOC_INDEXED_STATUS : ARTICLE_INDEXED_STATUS;
  const visible = db.selectFrom(table).select('id').where('status', '=', status).where('deleted_at', 'is', null);
  const picked = await visible.where('recommend_at', 'is not', null).orderBy('recommend_at', 'desc').orderBy('id', 'desc').limit(MAX_RECOMMENDED).execute();
  const ids = picked.map((r) => r.id);
  if (ids.length < MAX_RECOMMENDED) {
    let more = visible.orderBy('view_count', 'desc').orderBy('id', 'desc').limit(MAX_RECOMMENDED - ids.length);
    if (ids.length) more = more.where('id', 'not in', ids);
    ids.push(...(await more.execute()).map((r) => r.id));
  }
  return ids;
}
