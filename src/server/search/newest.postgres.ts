import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { idList, type Execute, type Kind } from './backend.ts';
import { BUCKET_MARK } from './marks.ts';

/**
 * The newest matches of a tsquery on PostgreSQL. A GIN index answers every match of a term in no
 * useful order: for a common word (一个 is in nearly every document) the newest 1,000 cost reading
 * all of them. Each item therefore also holds tokens naming its id range at six sizes (rangeTokens:
 * 1,024 ids, 4,096 … 1,048,576; migration 029), and `search_newest` (a PL/pgSQL function of that
 * migration, frozen/search-newest-029.ts) asks for the matches range by range, newest first: the
 * newest 4,096 ids, then the two ranges of the next size below them, and so on until the window is
 * full, or at once for all the rest when the matches met so far are few. The GIN index intersects
 * the term with at most four range tokens, skipping through the long ones, so a common word reads
 * about the matches it keeps and a rare one a few small lookups, at 100,000 items as at 1,000,000.
 * (Sixty-four tokens of the smallest size in one round cost 35 ms: each short list is read whole.)
 * The rounds run inside the database: one statement a tier, each round's plan kept by PL/pgSQL.
 */

const SHIFTS = [10, 12, 14, 16, 18, 20] as const;

/** The range tokens of an item, one per size (as search_newest names them). */
export const rangeTokens = (kind: Kind, refId: number): string[] => SHIFTS.map((s) => `${BUCKET_MARK}${kind}.${s}.${refId >> s}`);

/** The newest `size` ids of the items of `kind` matching `query` (tsquery text), newest first. */
export async function newestIds(db: Kysely<DB>, exec: Execute, kind: Kind, query: string, size: number): Promise<number[]> {
  const compiled = sql<{ ids: string | null }>`select search_newest(${kind}, ${query}, ${size}) as ids`.compile(db);
  return idList((await exec<{ ids: string | null }>(compiled))[0]?.ids);
}
