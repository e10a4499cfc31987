import type { Database } from '../db/db.ts';
import { freshVersions, type VersionedTable } from '../db/versions.ts';
import type { ConfigStore } from '../modules/config/config.store.ts';

/** How long a kept answer may stand at most, so counters such as view_count lag by less than that. */
const FRESH_MS = 1000;
const MAX_BYTES = 32 * 1024 * 1024;

/** One kept 200 answer of a GET route (response-cache.ts). */
export interface KeptAnswer {
  /** the table versions, settings generation and session it was worked out at (stampOf) */
  stamp: string;
  at: number;
  /** UTF-8 encoded once: a string answer would be encoded again on every send (a third of a hit's time). */
  body: Buffer;
  /** the tables it was read from: a fast-path hit checks their versions (answer-fast.ts) */
  tables: readonly VersionedTable[];
  /** the route pattern, the label its answers are counted under (metrics) */
  route: string;
  /**
   * The headers Fastify sent with it, flat as writeHead takes them, without the per-answer ones
   * (request id, length, date, connection); null: only Fastify may send it (a rate-limited route).
   */
  headers: string[] | null;
}

/**
 * Answers of the cached GET routes, kept while the tables they read are unchanged (table versions,
 * migration 009) and the settings not reloaded, for at most FRESH_MS; visitors share one answer per
 * URL, a signed-in user's are kept apart (keyOf). An answer past FRESH_MS is never sent again, so it
 * goes at the next keep; oldest first out past MAX_BYTES too.
 */
export class AnswerCache {
  private readonly answers = new Map<string, KeptAnswer>();
  private bytes = 0;
  private readonly db: Database;
  private readonly settings: ConfigStore;

  constructor(db: Database, settings: ConfigStore) {
    this.db = db;
    this.settings = settings;
  }

  /** The key of a user's (0: a visitor's) answer of a URL. */
  static keyOf(userId: number, url: string): string {
    return userId ? `${userId} ${url}` : url;
  }

  /** What an answer read from `tables` for a session (its stamp, '' for a visitor) depends on, as of now. */
  async stampOf(tables: readonly VersionedTable[], session: string): Promise<string> {
    await this.settings.all();
    return `${await freshVersions(this.db, tables)}|${this.settings.generation}|${session}`;
  }

  /** The kept answer of `key` if it is young enough to be sent (its stamp still to be checked). */
  young(key: string): KeptAnswer | undefined {
    const hit = this.answers.get(key);
    return hit && Date.now() - hit.at < FRESH_MS ? hit : undefined;
  }

  /** Bytes of the answers kept now (GET /metrics: wenku_answer_cache_bytes). */
  get keptBytes(): number {
    return this.bytes;
  }

  keep(key: string, answer: KeptAnswer): void {
    this.drop(key);
    this.dropStale(answer.at);
    this.answers.set(key, answer);
    this.bytes += answer.body.length;
    for (const old of this.answers.keys()) {
      if (this.bytes <= MAX_BYTES) break;
      this.drop(old);
    }
  }

  /**
   * The answers too old to be sent, oldest first: the map holds them in the order they were kept.
   * Without this, one-off URLs (a reader's page 37, a user's own list) held up to MAX_BYTES of answers
   * never sent again: after the list benchmark's single calls, 53 MB of buffers instead of 26.
   */
  private dropStale(now: number): void {
    for (const [key, kept] of this.answers) {
      if (now - kept.at < FRESH_MS) break;
      this.drop(key);
    }
  }

  private drop(key: string): void {
    const e = this.answers.get(key);
    if (e) this.bytes -= e.body.length;
    this.answers.delete(key);
  }
}
