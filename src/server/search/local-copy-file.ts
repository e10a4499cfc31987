import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { BUCKET_MARK } from './grams.ts';
import { mergeSettings } from './index.sqlite.ts';

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

/** Tier statements kept compiled (their texts differ by kind and window size only). */
const TIER_STATEMENTS = 16;

/** Files tried in a folder before a process goes without a copy. */
export const SLOTS = 8;

export interface CopyState {
  path: string;
  /** the database copied (local-copy.ts sourceOf) */
  source: string;
  floor: number | null;
}

/** An id-range token (no quote inside) with the space after it. */
const RANGE_TOKEN = new RegExp(`'${BUCKET_MARK}[^']*'( |$)`, 'g');
/** The quote before the first word and after the last. */
const EDGE_QUOTES = /^'|'\s*$/g;

/** An item's row: its FTS5 rowid and its tokens as PostgreSQL prints the tsvector (null: removed). */
export type CopyRow = [rowid: number, tokens: string | null];

/** The words of a tsvector's text (`'a' 'b'`), without the id-range tokens (newest.postgres.ts), space-joined. */
export function tsvectorWords(text: string): string {
  if (!text.includes("''") && !text.includes('\\')) {
    // string operations over the whole text, not an array of its words: half the time (a whole
    // copy's thread spent a sixth of its 60 s here at 100,000 documents)
    return text.replace(RANGE_TOKEN, '').replaceAll("' '", ' ').replace(EDGE_QUOTES, '');
  }
  const words: string[] = [];
  // quoted with '' for a quote and a backslash before a backslash
  for (let i = text.indexOf("'"); i >= 0 && i < text.length;) {
    let word = '';
    let j = i + 1;
    for (; j < text.length; j++) {
      const c = text[j];
      if (c === '\\') word += text[++j] ?? '';
      else if (c === "'" && text[j + 1] === "'") word += text[j++];
      else if (c === "'") break;
      else word += c;
    }
    if (word && !word.startsWith(BUCKET_MARK)) words.push(word);
    i = text.indexOf("'", j + 1);
  }
  return words.join(' ');
}

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
  /** tier statements by their text (ids) */
  private readonly tierStatements = new Map<string, StatementSync>();

  private constructor(db: DatabaseSync, path: string) {
    this.db = db;
    this.path = path;
    db.exec(`pragma synchronous = normal;
      create virtual table if not exists search_fts using fts5(
        tokens, content = '', contentless_delete = 1, detail = none, tokenize = 'ascii');
      create table if not exists copy_state (id integer primary key check (id = 1), source text not null, floor integer);`);
  }

  /** The first free file of `dir` (undefined: all SLOTS are held by other processes). */
  static open(dir: string): CopyFile | undefined {
    const found = lockedFile(dir);
    return found && new CopyFile(found.db, found.path);
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
  }

  /**
   * Ends a whole copy: its segments merged into one (the queries of a copy left as written, at
   * 100,000 documents, took up to 75 ms where the merged one's take a few), merging as it writes again.
   */
  copied(): void {
    this.transaction(() => this.merging(true));
    this.db.exec(`insert into search_fts (search_fts) values ('optimize')`);
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
    const remove = this.db.prepare('delete from search_fts where rowid = ?');
    const insert = this.db.prepare('insert into search_fts (rowid, tokens) values (?, ?)');
    this.transaction(() => {
      for (const [rowid, tokens] of rows) {
        if (!fresh) remove.run(rowid);
        if (tokens) insert.run(rowid, tsvectorWords(tokens));
      }
      if (floor !== undefined) this.db.prepare('update copy_state set floor = ?').run(floor);
    });
  }

  /** Runs a tier statement (index.sqlite.ts tierQuery): its comma-separated ids. */
  ids(sql: string, parameters: readonly unknown[]): string | null {
    let statement = this.tierStatements.get(sql);
    if (!statement) {
      // the texts differ only by kind and window size: a handful, each compiled once
      if (this.tierStatements.size >= TIER_STATEMENTS) this.tierStatements.clear();
      this.tierStatements.set(sql, (statement = this.db.prepare(sql)));
    }
    const row = statement.get(...(parameters as never[])) as { ids: string | null } | undefined;
    return row?.ids ?? null;
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
