import { sql } from 'kysely';
import type { Database } from '../db/db.ts';
import { StampWatch } from '../db/versioned-value.ts';
import { freshVersions } from '../db/versions.ts';
import { WorkerCalls } from '../threads/worker-calls.ts';
import { idList, KINDS, type Kind } from './backend.ts';
import { changesFrom, itemTokens, lastChange, lastItem, RESTART, sourceOf, type Change } from './changes.postgres.ts';
import { PG_SETTLE_MS, realClock, type StoreClock } from './facet-store.ts';
import { itemId, kindNo } from './fts5-items.ts';
import type { CopyRow, CopyState, TierAsk } from './local-copy-file.ts';
import type { CopyCall } from './local-copy.worker.ts';
import { PrefetchedTiers } from './copy-prefetch.ts';
import { SettledFloor } from './settled-floor.ts';
import { markTerm, type Term } from './terms.ts';

/**
 * PostgreSQL: a copy of the index's item tokens (search_items) in an FTS5 table on this process's
 * own disk (local-copy-file.ts, written and read on a thread of its own), from which a search reads
 * its window's tiers: FTS5 answers a tier's newest matches in 0.6–1.3 ms where PostgreSQL's GIN
 * index took 3.5–4.9 ms (docs/search.md). Everything else a search reads stays on PostgreSQL, and
 * while the copy is not there or behind, the window is read from PostgreSQL as before: the copy
 * only ever makes a search faster, never different.
 *
 * It follows the change log (search_changes, changes.postgres.ts) as the facet store follows its
 * rows: what was logged above the floor is read again when the index's change counter moved or has
 * not settled, with the floor moved as settled-floor.ts says and kept in the file with the rows.
 * An item's tokens are read from search_items when its change is met (a row gone: removed). A
 * restart row above the floor (a rebuild, or the log pruned past it) and a new file copy every item.
 */

/** Change rows read at a time; a full chunk means the copy is behind, and searches do not wait for it. */
const CHANGE_CHUNK = 1000;
/**
 * Ids copied at a time by a whole copy (a range of this many). At 100,000 documents 500 took the
 * server to a peak of 312–315 MB and 39–41 s, 100 to 268–284 MB and 29–33 s: smaller messages to
 * the thread, and PostgreSQL's next range read while the thread writes this one.
 */
const COPY_CHUNK = 100;
/**
 * The thread's young generation, MB: it holds a chunk of rows at a time and answers tiers. With
 * the main thread's 48 its heap was 39 MB after a copy, with 8 15 MB (100,000 documents).
 */
const COPY_YOUNG_MB = 8;

/** A tier of a window: the items holding every term (with `mark`: in the title or keywords). */
export interface CopyTier {
  terms: readonly Term[];
  mark: string;
}

/** Reads the newest `size` ids of each tier from the copy (IndexBackend.tierReads), all in one call to its thread. */
export type CopyReader = (kind: Kind, tiers: readonly CopyTier[], size: number) => Promise<number[][]>;

const tierAsks = (kind: Kind, tiers: readonly CopyTier[], size: number): TierAsk[] =>
  tiers.map((tier) => tierAsk(kind, tier, size));

/** What the copy's thread is asked for a tier: its exact tokens and its prefixes, marked. */
function tierAsk(kind: Kind, { terms, mark }: CopyTier, size: number): TierAsk {
  const marked = terms.map((t) => (mark ? markTerm(mark, t) : t));
  const tokens = marked.filter((t) => !t.prefix).flatMap((t) => t.grams);
  const prefixes = marked.filter((t) => t.prefix).map((t) => t.grams[0]!);
  return { kindNo: kindNo(kind), tokens, prefixes, size };
}

export class LocalCopy {
  private readonly db: Database;
  private readonly clock: StoreClock;
  private readonly settle: number;
  private readonly floor: SettledFloor;
  private readonly watch = new StampWatch();
  private thread: WorkerCalls<CopyCall, unknown> | undefined;
  private source = '';
  private ready = false;
  private stamp = '';
  private settled = false;
  /** changes above the floor already written, `seq:kind:id` to their number (read again until the floor passes them) */
  private readonly applied = new Map<string, number>();
  private following: { verdict: Promise<boolean> } | undefined;
  private copying: Promise<void> | undefined;
  /** the folder of its file, and the file (undefined until open, or when every file was taken) */
  private dir = '';
  path: string | undefined;
  /** hears why the copy was given up (giveUp): searches then read PostgreSQL's index */
  gaveUp: (err: unknown) => void = () => undefined;
  private stopped = false;
  /** settles when open() is done or given up */
  opened: Promise<void> = Promise.resolve();
  private readonly prefetched = new PrefetchedTiers();
  readonly ids: CopyReader = (kind, tiers, size) => this.readTiers(tierAsks(kind, tiers, size));

  constructor(db: Database, clock = realClock) {
    this.db = db;
    this.clock = clock;
    this.settle = PG_SETTLE_MS;
    this.floor = new SettledFloor(this.settle);
  }

  /** Opens (or takes over) a file in `dir` and brings it up to date; settles once the copy is usable or given up. */
  async open(dir: string): Promise<void> {
    this.dir = dir;
    const state = await this.startThread();
    if (!state) return void (await this.stop());
    this.source = await sourceOf(this.db);
    if (state.source === this.source && state.floor !== null) {
      // a complete copy of this database taken over: its common tokens' bitsets before its first tier
      await this.call({ op: 'common' });
      this.floor.reset(state.floor, this.clock.now());
      this.ready = true;
    } else await this.copyAll();
  }

  /** The copy to read a window from, once it holds every change the index's counter stands for; else undefined. */
  async reader(): Promise<CopyReader | undefined> {
    if (!this.ready) return undefined;
    for (let round = 0; round < 2; round++) {
      const stamp = await freshVersions(this.db, ['search_facets']);
      if (stamp === this.stamp && this.settled) return this.readerAt(stamp);
      if (!(await this.follow(stamp))) return undefined;
      // a catch-up under way when this search read the counter may have started before it
      if (this.stamp === stamp) return this.ready ? this.ids : undefined;
    }
    return undefined;
  }

  /**
   * Asks for a window's tiers while the search's counter reading is still under way (window.ts), when
   * the copy is settled and not catching up: a reading equal to the copy's stamp finds them asked
   * (readerAt), which takes the round trip of the reading off the search's path. Another reading
   * leaves them unused and the copy is asked again, as before.
   */
  prefetch(kind: Kind, tiers: readonly CopyTier[], size: number): void {
    if (!this.ready || this.following || !this.settled || !this.stamp) return;
    const asks = tierAsks(kind, tiers, size);
    this.prefetched.put(JSON.stringify(asks), this.stamp, this.readTiers(asks));
  }

  /** Settles when a whole copy under way (a rebuild's, or a new file's) is done. */
  copied(): Promise<void> {
    return this.copying ?? Promise.resolve();
  }

  /** Stops after a failure to open or to copy again, and says why (gaveUp). */
  async giveUp(err: unknown): Promise<void> {
    await this.stop();
    this.gaveUp(err);
  }

  /** Closes the file and its thread (the file stays for the next process). */
  async stop(): Promise<void> {
    this.ready = false;
    this.stopped = true;
    await this.closeThread();
  }

  private async closeThread(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    if (!thread) return;
    await thread.call({ op: 'close' }).catch(() => undefined);
    await thread.stop();
  }

  /** A new thread with the first free file of the folder open: the file's state, or undefined when every file is taken. */
  private async startThread(): Promise<CopyState | undefined> {
    if (this.stopped) throw new Error('search copy stopped');
    this.thread = new WorkerCalls<CopyCall, unknown>(new URL('./local-copy.worker.ts', import.meta.url), COPY_YOUNG_MB);
    const state = (await this.call({ op: 'open', dir: this.dir })) as CopyState | undefined;
    this.path = state?.path;
    return state;
  }

  /**
   * The file handed to a new thread. The thread that wrote a whole copy keeps much of the memory
   * the writing took (at 100,000 documents about 30 MB more than a thread that only reads the same
   * file, docs/performance.md); a thread's memory goes with it. Between the two threads another
   * process may take the file: the copy is then given up.
   */
  private async renewThread(): Promise<void> {
    const path = this.path;
    await this.closeThread();
    const state = await this.startThread();
    if (state?.path !== path) throw new Error('search copy file was taken by another process');
    await this.call({ op: 'common' });
  }

  /** Whether searches read their windows from it now (its first copy is done and no new one under way). */
  get usable(): boolean {
    return this.ready;
  }

  /** The reader for a search whose counter reading is `stamp`: what was asked under it already, else the copy now. */
  private readerAt(stamp: string): CopyReader {
    return (kind, tiers, size) => {
      const asks = tierAsks(kind, tiers, size);
      return this.prefetched.take(JSON.stringify(asks), stamp) ?? this.readTiers(asks);
    };
  }

  private async readTiers(asks: TierAsk[]): Promise<number[][]> {
    return ((await this.call({ op: 'tiers', asks })) as (string | null)[]).map(idList);
  }

  private call(args: CopyCall): Promise<unknown> {
    if (!this.thread || this.thread.dead) {
      // a thread that died (out of memory, a crash) leaves searches on PostgreSQL's index
      this.ready = false;
      return Promise.reject(new Error('search copy thread is gone'));
    }
    return this.thread.call(args);
  }

  /** One catch-up at a time: true once it is done, false as soon as it finds the copy far behind (it goes on). */
  private follow(stamp: string): Promise<boolean> {
    if (this.following) return this.following.verdict;
    let verdict!: (caughtUp: boolean) => void;
    const following = { verdict: new Promise<boolean>((r) => (verdict = r)) };
    this.following = following;
    this.catchUp(stamp, () => verdict(false))
      .then(
        () => verdict(true),
        () => verdict(false),
      )
      .finally(() => (this.following = undefined));
    return following.verdict;
  }

  private async catchUp(stamp: string, behind: () => void): Promise<void> {
    const at = this.clock.now();
    const settled = this.watch.until(stamp, this.settle, at) === Infinity;
    let seen = this.floor.floor;
    // a transaction's rows share one number: the next chunk starts at the last one again
    for (let from = this.floor.floor, op = sql`>`; ; op = sql`>=`) {
      const rows = await changesFrom(this.db, from, op, CHANGE_CHUNK);
      if (rows.some((r) => r.kind === RESTART)) {
        behind();
        return void this.restart();
      }
      if (rows.length === CHANGE_CHUNK) behind();
      await this.applyChanges(rows);
      const last = Number(rows[rows.length - 1]?.seq ?? from);
      seen = Math.max(seen, last);
      if (rows.length < CHANGE_CHUNK || last === from) break;
      from = last;
    }
    if (this.floor.note(at, seen)) {
      await this.call({ op: 'apply', rows: [], floor: this.floor.floor });
      for (const [key, seq] of this.applied) if (seq <= this.floor.floor) this.applied.delete(key);
    }
    this.stamp = stamp;
    this.settled = settled;
  }

  /** Writes the items of the changes not written yet, each as search_items holds it now. */
  private async applyChanges(changes: readonly Change[]): Promise<void> {
    const fresh = changes.filter((c) => !this.applied.has(`${c.seq}:${c.kind}:${c.ref_id}`));
    for (const kind of KINDS) {
      const ids = [...new Set(fresh.filter((c) => c.kind === kind).map((c) => c.ref_id))];
      if (!ids.length) continue;
      const rows = await itemTokens(this.db, kind, sql`ref_id = any(${`{${ids.join(',')}}`}::int[])`);
      const tokens = new Map(rows.map((r) => [r.ref_id, r.tokens]));
      await this.call({ op: 'apply', rows: ids.map((id): CopyRow => [itemId(kind, id), tokens.get(id) ?? null]) });
    }
    for (const c of fresh) this.applied.set(`${c.seq}:${c.kind}:${c.ref_id}`, Number(c.seq));
  }

  private restart(): Promise<void> {
    this.copying ??= this.copyAll()
      .catch((err: unknown) => this.giveUp(err))
      .finally(() => (this.copying = undefined));
    return this.copying;
  }

  /**
   * Every item copied afresh. The highest change number is noted first and the copy waits the
   * settling time (every change up to it has committed, so the items read show it); the changes
   * after it are followed from there.
   */
  private async copyAll(): Promise<void> {
    this.ready = false;
    const at = this.clock.now();
    const top = await lastChange(this.db);
    await this.call({ op: 'reset', source: this.source });
    await this.clock.wait(this.settle);
    for (const kind of KINDS) {
      const last = await lastItem(this.db, kind);
      // id ranges, not `ref_id > after order by ref_id limit n`: over the hash halves (migration 037)
      // the planner, with the statistics of a table just rewritten, read and sorted every row after
      // `after` for each chunk (1.2 s a chunk at 100,000 documents)
      const chunk = (from: number) => {
        const read = itemTokens(this.db, kind, sql`ref_id >= ${from} and ref_id < ${from + COPY_CHUNK}`);
        // awaited in its turn; a failure before then (the copy given up meanwhile) is no unhandled one
        read.catch(() => undefined);
        return read;
      };
      // the next range is read from PostgreSQL while the thread writes this one (alone this saved
      // little: the thread's writing is what a whole copy waits for, local-copy-file.ts)
      if (last < 0) continue;
      let next = chunk(0);
      for (let from = 0; from <= last; from += COPY_CHUNK) {
        const rows = await next;
        if (from + COPY_CHUNK <= last) next = chunk(from + COPY_CHUNK);
        const copied = rows.map((r): CopyRow => [itemId(kind, r.ref_id), r.tokens]);
        // the file was emptied by the reset: every row is new to it
        if (rows.length) await this.call({ op: 'apply', rows: copied, fresh: true });
      }
    }
    await this.call({ op: 'copied' });
    await this.call({ op: 'apply', rows: [], floor: top });
    await this.renewThread();
    this.floor.reset(top, at);
    this.applied.clear();
    this.stamp = '';
    this.ready = true;
  }
}
