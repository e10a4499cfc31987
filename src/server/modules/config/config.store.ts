import type { Database } from '../../db/db.ts';
import type { ConfigRow } from '../../db/schema.ts';

const TTL_MS = 2000;

/**
 * Site configuration read from the `configs` table. Cached for two seconds so that
 * changes written by another process (the operator CLI, another instance) show up quickly.
 */
export class ConfigStore {
  private rows: ConfigRow[] = [];
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private readonly db: Database;
  /** Goes up with every reload: answers cached with an older value may depend on old settings. */
  generation = 0;

  constructor(db: Database) {
    this.db = db;
  }

  invalidate(): void {
    this.loadedAt = 0;
  }

  async all(): Promise<ConfigRow[]> {
    if (Date.now() - this.loadedAt > TTL_MS) {
      this.loading ??= this.db
        .selectFrom('configs')
        .selectAll()
        .orderBy('sort', 'asc')
        .orderBy('id', 'asc')
        .execute()
        .then((rows) => {
          this.rows = rows;
          this.loadedAt = Date.now();
          this.generation++;
        })
        .finally(() => {
          this.loading = null;
        });
      await this.loading;
    }
    return this.rows;
  }

  async category(category: string): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const r of await this.all()) if (r.category === category) out[r.name] = r.value;
    return out;
  }

  async str(category: string, name: string): Promise<string> {
    return (await this.all()).find((r) => r.category === category && r.name === name)?.value ?? '';
  }

  async num(category: string, name: string, fallback = 0): Promise<number> {
    const n = Number.parseInt(await this.str(category, name), 10);
    return Number.isFinite(n) ? n : fallback;
  }

  async bool(category: string, name: string): Promise<boolean> {
    return (await this.str(category, name)) === 'true';
  }
}
