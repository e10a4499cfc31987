import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../../scripts/bench/load.ts';
import { drawQueries } from '../../scripts/bench/queries.ts';
import { openDatabase, type Database } from '../../src/server/db/db.ts';
import { idList } from '../../src/server/search/backend.ts';
import { REREAD_MS, SqliteCommonTokens, tierOnBits } from '../../src/server/search/common-tokens.sqlite.ts';
import { tierQuery } from '../../src/server/search/index.sqlite.ts';
import { indexDocuments, removeDocumentFromIndex } from '../../src/server/search/indexer.ts';
import { DOC_INDEXED_STATUS } from '../../src/server/search/index-sources.ts';
import { TITLE_MARK } from '../../src/server/search/marks.ts';
import { parseQuery, termTokens } from '../../src/server/search/terms.ts';

// A SQLite index answers a tier's common tokens from bitsets read by a thread (common-tokens.sqlite.ts):
// every answer must be the one FTS5 gives alone, also after another connection (as another process
// would) rewrote and removed items behind the bitsets' back, and after the bitsets were read again.

const LIMITS = { share: 0.2, least: 20, most: 24 };
let dir: string;
let file: string;
let db: Database;
let other: Database;
let queries: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wenku-common-'));
  file = join(dir, 'wenku.db');
  await loadDataset({ docs: 600, databaseUrl: `sqlite:${file}`, reset: true, index: true, log: () => undefined });
  db = openDatabase(`sqlite:${file}`);
  other = openDatabase(`sqlite:${file}`);
  queries = await drawQueries(db, 80, 31);
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  await other?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const exec = async <R>(compiled: CompiledQuery) => (await db.executeQuery<R>(compiled)).rows;

/** Every drawn query's tiers on the bitsets against FTS5 alone; how many tiers the bitsets answered. */
async function compare(common: SqliteCommonTokens): Promise<number> {
  let onBits = 0;
  for (const q of queries) {
    const { terms } = parseQuery(q);
    for (const mark of ['', TITLE_MARK]) {
      for (const size of [1, 7, 1000]) {
        const current = await common.current(exec);
        expect(current).not.toBeNull();
        const got = await tierOnBits(db, exec, current!, { from: 0, ...termTokens(terms, mark), size });
        if (!got) continue;
        onBits++;
        const [row] = await exec<{ ids: string | null }>(tierQuery(db, 'doc', terms, mark, size));
        expect(got, `${q} ${mark} ${size}`).toEqual(idList(row?.ids));
      }
    }
  }
  return onBits;
}

/** The two-character word the most items hold. */
async function mostCommonWord(): Promise<string> {
  await exec(sql`create virtual table if not exists temp.vocab using fts5vocab(main, search_fts, row)`.compile(db));
  const rows = await exec<{ term: string }>(sql`select term from temp.vocab order by doc desc limit 50`.compile(db));
  return rows.map((r) => r.term).find((t) => /^\p{scx=Han}{2}$/u.test(t))!;
}

describe('the SQLite index with common tokens on bitsets', () => {
  it('answers every tier as FTS5 alone does, after writes elsewhere and after reading the bitsets again', async () => {
    let now = 0;
    const common = new SqliteCommonTokens(db, file, { now: () => now, limits: LIMITS });
    await common.read();
    expect(await compare(common)).toBeGreaterThan(30);

    // another connection rewrites items (their pages gone, other words in the description) and removes others
    const indexed = other
      .selectFrom('documents')
      .select('id')
      .where('status', '=', DOC_INDEXED_STATUS)
      .where('deleted_at', 'is', null);
    const ids = (await indexed.orderBy('id').execute()).map((r) => r.id);
    const rewritten = ids.filter((_, i) => i % 9 === 0);
    const removed = ids.filter((_, i) => i % 9 === 4);
    for (const id of rewritten) {
      await other
        .updateTable('documents')
        .set({ hash: `gone-${id}`, description: '我们一个没有他们自己已经可以中国' })
        .where('id', '=', id)
        .execute();
    }
    await indexDocuments(other, rewritten);
    for (const id of removed) await removeDocumentFromIndex(other, id);
    const current = await common.current(exec);
    expect([...current!.written].sort((a, b) => a - b)).toEqual(rewritten);
    expect(await compare(common)).toBeGreaterThan(30);

    // an item that lost the most common word keeps a rare one, another gained it: their bits say otherwise
    const word = await mostCommonWord();
    const [lost, gained] = ids.filter((id) => !rewritten.includes(id) && !removed.includes(id)).slice(-2);
    for (const [id, title] of [
      [lost!, '邯郸学步'],
      [gained!, `邯郸学步${word}`],
    ] as const) {
      await other
        .updateTable('documents')
        .set({ hash: `gone-${id}`, title, keywords: '', description: '' })
        .where('id', '=', id)
        .execute();
    }
    await indexDocuments(other, [lost!, gained!]);
    const { terms } = parseQuery(`邯郸学步 ${word}`);
    const onBits = await tierOnBits(db, exec, (await common.current(exec))!, { from: 0, ...termTokens(terms, ''), size: 10 });
    const [plain] = await exec<{ ids: string | null }>(tierQuery(db, 'doc', terms, '', 10));
    expect(idList(plain?.ids)).toEqual([gained]);
    expect(onBits).toEqual([gained]);

    // enough items written and a minute on: the bitsets are read again, and nothing is written since
    await indexDocuments(other, ids.slice(0, 200));
    expect((await common.current(exec))!.written.size).toBeGreaterThanOrEqual(200);
    now += REREAD_MS;
    await common.current(exec);
    await common.ready();
    expect((await common.current(exec))!.written.size).toBe(0);
    expect(await compare(common)).toBeGreaterThan(30);
    common.stop();
  }, 120_000);
});
