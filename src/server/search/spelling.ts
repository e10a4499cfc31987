import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../db/db.ts';
import { Kept } from '../db/versioned-value.ts';
import { freshVersions } from '../db/versions.ts';
import type { Kind } from './backend.ts';
import { ARTICLE_INDEXED_STATUS, DOC_INDEXED_STATUS } from './index-sources.ts';
import { normalize, segmenter } from './segment.ts';

/**
 * 您要找的是不是: a likely typo in a query (人工只能 → 人工智能), corrected from the words of the
 * site's titles (jieba's words of the most viewed TITLES items) and what readers searched before
 * with results (the last RECORDS searches, each whole). A run of three or more Chinese
 * characters that is no known word, nor one word to jieba, is compared with the known words of
 * its length differing in one character (a homophone picked by the input method is the common
 * typo); the most frequent one wins when it is at least three times as frequent as the run.
 * The words are read again in the background a minute after the items changed, else every ten minutes.
 */

const TITLES = 20_000;
const RECORDS = 5_000;
const MIN_COUNT = 3;
/** A changed table is read again after a minute, an unchanged one after ten (past searches change). */
const CHANGED_MS = 60_000;
const REFRESH_MS = 10 * 60_000;
const HAN_RUN = /\p{scx=Han}{3,8}/gu;
const HAS_RUN = /\p{scx=Han}{3}/u;
const HAN_WORD = /^\p{scx=Han}{2,16}$/u;

interface Vocabulary {
  count: Map<string, number>;
  /** a word of three or more characters under each of its patterns: one character replaced by `?` */
  similar: Map<string, string[]>;
}

const patterns = (word: string): string[] => {
  const chars = Array.from(word);
  return chars.map((_, i) => chars.map((c, j) => (i === j ? '?' : c)).join(''));
};

/** Titles cut between two turns of the event loop: the whole list takes jieba 100–500 ms, which no search should wait behind. */
const TITLES_PER_TURN = 500;

async function vocabulary(titles: readonly string[], searches: readonly string[]): Promise<Vocabulary> {
  const count = new Map<string, number>();
  const add = (w: string) => {
    if (HAN_WORD.test(w)) count.set(w, (count.get(w) ?? 0) + 1);
  };
  const jieba = segmenter();
  for (const [i, t] of titles.entries()) {
    if (i > 0 && i % TITLES_PER_TURN === 0) await nextTurn();
    for (const w of new Set(jieba.cut(normalize(t), true))) add(w);
  }
  for (const s of searches) add(normalize(s).replace(/\s+/g, ''));
  const similar = new Map<string, string[]>();
  for (const [w, n] of count) {
    if (n < MIN_COUNT || Array.from(w).length < 3) continue;
    for (const p of patterns(w)) {
      const list = similar.get(p);
      if (list) list.push(w);
      else similar.set(p, [w]);
    }
  }
  return { count, similar };
}

async function load(db: Database, kind: Kind): Promise<Vocabulary> {
  const table = kind === 'doc' ? 'documents' : 'articles';
  const status = kind === 'doc' ? DOC_INDEXED_STATUS : ARTICLE_INDEXED_STATUS;
  const [titles, searches] = await Promise.all([
    db
      .selectFrom(table)
      .select('title')
      .where('status', '=', status)
      .where('deleted_at', 'is', null)
      .orderBy('view_count', 'desc')
      .orderBy('id', 'desc')
      .limit(TITLES)
      .execute(),
    db
      .selectFrom('search_records')
      .select('keywords')
      .where('type', '=', kind === 'doc' ? 0 : 1)
      .where('total', '>', 0)
      .orderBy('id', 'desc')
      .limit(RECORDS)
      .execute(),
  ]);
  return vocabulary(
    titles.map((r) => r.title),
    searches.map((r) => r.keywords),
  );
}

interface Held {
  current?: Kept<Promise<Vocabulary>>;
  loading?: Promise<unknown>;
}

const held = new WeakMap<Database, Map<Kind, Held>>();

/** The vocabulary: the first call waits for it, later ones get the last one while a newer one loads. */
async function vocabularyOf(db: Database, kind: Kind): Promise<Vocabulary> {
  let byKind = held.get(db);
  if (!byKind) held.set(db, (byKind = new Map<Kind, Held>()));
  const h = byKind.get(kind) ?? {};
  byKind.set(kind, h);
  const stamp = await freshVersions(db, kind === 'doc' ? ['documents'] : ['articles']);
  const age = h.current ? Date.now() - h.current.at : Infinity;
  if (h.current && age < (h.current.stamp === stamp ? REFRESH_MS : CHANGED_MS)) return h.current.value;
  if (!h.loading) {
    const next = new Kept(stamp, load(db, kind));
    h.loading = next.value.then(
      () => {
        h.current = next;
        h.loading = undefined;
      },
      () => {
        h.loading = undefined;
      },
    );
    if (!h.current) return next.value;
  }
  return h.current ? h.current.value : h.loading.then(() => vocabularyOf(db, kind));
}

/** The best known word one character away from `run`, if `run` looks like a typo of it. */
function correct(vocab: Vocabulary, run: string): string | undefined {
  const own = vocab.count.get(run) ?? 0;
  if (own >= MIN_COUNT || segmenter().cut(run, true).length < 2) return undefined;
  let best: string | undefined;
  let bestCount = Math.max(MIN_COUNT, own * 3) - 1;
  for (const p of patterns(run)) {
    for (const w of vocab.similar.get(p) ?? []) {
      const n = vocab.count.get(w) ?? 0;
      if (n > bestCount) [best, bestCount] = [w, n];
    }
  }
  return best;
}

/** The query with its likely typos corrected, or undefined when none is found. */
export async function spellingSuggestion(db: Database, kind: Kind, text: string): Promise<string | undefined> {
  const query = normalize(text).trim();
  if (!HAS_RUN.test(query)) return undefined;
  const vocab = await vocabularyOf(db, kind);
  let changed = false;
  const fixed = query.replace(HAN_RUN, (run) => {
    const better = correct(vocab, run);
    if (!better) return run;
    changed = true;
    return better;
  });
  return changed ? fixed : undefined;
}
