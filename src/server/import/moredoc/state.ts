import type { Kysely } from 'kysely';
import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import { tableExists } from '../../db/introspect.ts';
import type { DB } from '../../db/schema.ts';

export interface StepState {
  lastId: number;
  rows: number;
  done: boolean;
}

/** Import progress per step (table `import_state`); saved inside each batch's transaction. */
export class ImportState {
  private readonly cache = new Map<string, StepState>();
  private readonly db: Database;
  readonly source: string;
  /** a dry run reads the state but never writes it */
  private readonly readOnly: boolean;

  constructor(db: Database, source: string, readOnly: boolean) {
    this.db = db;
    this.source = source;
    this.readOnly = readOnly;
  }

  async load(): Promise<void> {
    if (!(await tableExists(this.db, 'import_state'))) return;
    const rows = await this.db.selectFrom('import_state').selectAll().where('source', '=', this.source).execute();
    for (const r of rows) this.cache.set(r.step, { lastId: Number(r.last_id), rows: r.rows, done: r.done === 1 });
  }

  get(step: string): StepState {
    return this.cache.get(step) ?? { lastId: 0, rows: 0, done: false };
  }

  /** Whether this source was imported into the database before (a rerun resumes it). */
  get started(): boolean {
    return this.cache.size > 0;
  }

  async save(trx: Kysely<DB>, step: string, next: Partial<StepState>): Promise<void> {
    const s = { ...this.get(step), ...next };
    this.cache.set(step, s);
    if (this.readOnly) return;
    const row = { last_id: s.lastId, rows: s.rows, done: s.done ? 1 : 0, updated_at: nowIso() };
    await trx
      .insertInto('import_state')
      .values({ source: this.source, step, ...row })
      .onConflict((oc) => oc.columns(['source', 'step']).doUpdateSet(row))
      .execute();
  }
}

/** Sources other than `source` that were imported into this database. */
export async function otherSources(db: Database, source: string): Promise<string[]> {
  const rows = await db.selectFrom('import_state').select('source').distinct().where('source', '!=', source).execute();
  return rows.map((r) => r.source);
}
