import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { idList } from './backend.ts';
import { CommonTokens } from './common-tokens.ts';
import { ITEM_KIND_BITS as KIND_BITS, mergeSettings, quoted } from './fts5-items.ts';
import { tsvectorWords } from './tsvector-words.ts';

/**
 * The file of a process's local copy of PostgreSQL's index (local-copy.ts): `search_fts` as the
 * SQLite backend keeps it (index.sqlite.ts: rowid `kind << 32 | ref_id`, the item's tokens
 * space-joined, no positions) and one row of state: which database it copies and up to which
 * change number (`floor`; null while a copy is incomplete). Rows and floor are written in one
 * transaction, so a crash leaves a copy that replays from its floor.
 *
 * Each file has one process: it is opened in exclusive locking mode, and a process finding a
 * file locked takes the next of SLOTS (the files of processes gone are taken over, floor and all).
 * The copy is a cache: written with synchronous = normal (a power cut may lose its last
 * transactions, which the floor then replays) and never backed up.
 */

/** Statements kept compiled (their texts differ by kind and window size only: a handful). */
const STATEMENTS = 32;

/** What a tier asks of the copy: items of a kind holding every token and a token starting with each prefix. */
export interface TierAsk {
  kindNo: number;
  tokens: string[];
  prefixes: string[];
  size: number;
}

/** Files tried in a folder before a process goes without a copy. */
export const SLOTS = 8;

export interface CopyState {
  path: string;
  /** the database copied (local-copy.ts sourceOf) */
  source: string;
  floor: number | null;
}

/** An item's row: its FTS5 rowid and its tokens as PostgreSQL prints the tsvector (null: removed). */
export type CopyRow = [rowid: number, tokens: string | null];

function lockedFile(dir: string): { db: DatabaseSync; path: string } | undefined {
  mkdirSync(dir, { recursive: true });
  for (let slot = 0; slot < SLOTS; slot++) {
    const path = join(dir, `search-copy-${slot}.sqlite`);
    const db = new DatabaseSync(path);
    try {
      db.exec('pragma busy_timeout = 0; pragma locking_mode = exclusive; pragma journal_mode = wal');
      // the first write takes the lock, kept until the connection closes
      db.exec('begin immediate; commit');
      return { db, path };
    } catch {
      db.close();
    }
  }
  return undefined;
}

/** One process's copy file, opened and locked. */
export class CopyFile {
  private readonly db: DatabaseSync;
  readonly path: string;
  /** statements by their text */
  private readonly statements = new Map<string, StatementSync>();
  private readonly common: CommonTokens;

  private constructor(db: DatabaseSync, path: string, common: CommonTokens) {
    this.db = db;
    this.path = path;
    this.common = common;
    db.exec(`pragma synchronous = normal;
      create virtual table if not exists search_fts using fts5(
        tokens, content = '', contentless_delete = 1, detail = none, tokenize = 'ascii');
      create table if not exists copy_state (id integer primary key check (id = 1), source text not null, floor integer);`);
  }

  /** The first free file of `dir` (undefined: all SLOTS are held by other processes). */
  static open(dir: string, common = new CommonTokens()): CopyFile | undefined {
    const found = lockedFile(dir);
    return found && new CopyFile(found.db, found.path, common);
  }

  state(): CopyState {
    const row = this.db.prepare('select source, floor from copy_state').get() as
      { source: string; floor: number | null } | undefined;
    return { path: this.path, source: row?.source ?? '', floor: row?.floor ?? null };
  }

  /** Empties the copy for a fresh one of `source`, written as the SQLite backend's rebuild writes (index.sqlite.ts). */
  reset(source: string): void {
    this.transaction(() => {
      this.db.exec(`insert into search_fts (search_fts) values ('delete-all')`);
      this.db.prepare('insert or replace into copy_state (id, source, floor) values (1, ?, null)').run(source);
      this.merging(false);
    });
    this.common.clear();
  }

  /**
   * Ends a whole copy: its segments merged into one (the queries of a copy left as written, at
   * 100,000 documents, took up to 75 ms where the merged one's take a few), merging as it writes again.
   */
  copied(): void {
    this.transaction(() => this.merging(true));
    this.db.exec(`insert into search_fts (search_fts) values ('optimize')`);
    // the merge rewrote the whole index through the WAL, which keeps its size: give that back (at
    // 1,000,000 documents the copy measured 1,839 MB with its WAL)
    this.db.exec('pragma wal_checkpoint(truncate)');
  }

  /**
   * Reads which items hold the most common tokens: by the thread that reads a complete copy, taken
   * over or just written (by another thread, local-copy.ts renewThread).
   */
  readCommonTokens(): void {
    this.common.build(this.db);
  }

  private merging(on: boolean): void {
    // literals: node:sqlite binds a JavaScript number as a REAL
    for (const [name, value] of mergeSettings(on)) {
      this.db.exec(`insert into search_fts (search_fts, rank) values ('${name}', ${Math.trunc(value)})`);
    }
  }

  /**
   * Writes the rows (each replaces the item's; `fresh`: rows of a whole copy, new to the file,
   * so there is nothing to delete first), and the floor when given, in one transaction.
   */
  apply(rows: readonly CopyRow[], floor?: number, fresh = false): void {
    const remove = this.statement('delete from search_fts where rowid = ?');
    const insert = this.statement('insert into search_fts (rowid, tokens) values (?, ?)');
    // the bitsets follow rows written after a whole copy (its own are read when it is done)
    const written: [rowid: number, words: string | null][] | undefined = this.common.size && !fresh ? [] : undefined;
    this.transaction(() => {
      for (const [rowid, tokens] of rows) {
        if (!fresh) remove.run(rowid);
        const words = tokens ? tsvectorWords(tokens) : null;
        if (words) insert.run(rowid, words);
        written?.push([rowid, words]);
      }
      if (floor !== undefined) this.statement('update copy_state set floor = ?').run(floor);
    });
    // once committed
    for (const [rowid, words] of written ?? []) this.common.written(rowid, words ? new Set(words.split(' ')) : null);
  }

  /**
   * A tier (IndexBackend.tierReads): the newest `size` ref ids of the kind's items holding every
   * token and prefix, comma-separated. Common tokens are checked on their bitsets (common-tokens.ts)
   * and FTS5 is asked for the rest.
   */
  tier({ kindNo, tokens, prefixes, size }: TierAsk): string | null {
    const held = this.common.held(tokens);
    const rest = [...tokens.filter((t) => !held.includes(t)).map(quoted), ...prefixes.map((p) => `${quoted(p)}*`)];
    if (!rest.length) return this.common.newest(kindNo, held, size).join(',') || null;
    const from = kindNo * KIND_BITS;
    const match = rest.join(' AND ');
    const out: number[] = [];
    // newest first, in chunks growing fourfold while the common tokens leave too few
    let below = from + KIND_BITS;
    for (let chunk = size; out.length < size; chunk *= 4) {
      const newest = this.statement(`select group_concat(id) as ids from (select rowid as id from search_fts
        where search_fts match ? and rowid >= ${from} and rowid < ? order by rowid desc limit ${chunk})`);
      const ids = idList((newest.get(match, BigInt(below)) as { ids: string | null }).ids);
      for (const rowid of ids) {
        if (!held.length || this.common.holdsAll(rowid, held)) out.push(rowid - from);
        if (out.length >= size) break;
      }
      if (ids.length < chunk) break;
      below = ids[ids.length - 1]!;
    }
    return out.join(',') || null;
  }

  private statement(text: string): StatementSync {
    let statement = this.statements.get(text);
    if (!statement) {
      if (this.statements.size >= STATEMENTS) this.statements.clear();
      this.statements.set(text, (statement = this.db.prepare(text)));
    }
    return statement;
  }

  close(): void {
    this.db.close();
  }

  private transaction(write: () => void): void {
    this.db.exec('begin');
    try {
      write();
      this.db.exec('commit');
    } catch (err) {
      this.db.exec('rollback');
      throw err;
    }
  }
}
