import type { Database } from '../../db/db.ts';
import type { ConfigRow } from '../../db/schema.ts';
import { freshVersions } from '../../db/versions.ts';
import { Kept } from '../../db/versioned-value.ts';
import { ConfigRepo } from './config.repo.ts';
import {
  parseSetting,
  type GroupValues,
  type Setting,
  type SettingGroup,
  type SettingType,
  type SettingValue,
} from '../../../domain/settings/index.ts';

/** How long the rows are trusted before the change counter is read again. */
const TTL_MS = 1000;

/**
 * Site configuration read from the `configs` table. Every second the table's change counter
 * (migration 015, one cheap read) is compared with the one the rows were loaded at, and the rows
 * are reloaded when it moved, or when they are older than Kept allows: a change written by another
 * instance or process (the operator CLI) is seen everywhere within a second or two.
 */
export class ConfigStore {
  /** the rows and the change counter they were read at; null: reload whatever it says */
  private kept: Kept<ConfigRow[]> | null = null;
  /** the stored values by `category.name` */
  private values = new Map<string, string>();
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
    this.kept = null;
  }

  async all(): Promise<ConfigRow[]> {
    if (Date.now() - this.loadedAt > TTL_MS) {
      this.loading ??= this.refresh().finally(() => {
        this.loading = null;
      });
      await this.loading;
    }
    return this.kept?.value ?? [];
  }

  private async refresh(): Promise<void> {
    // the counter is read before the rows: a write between the two reads is loaded now or at the next check, never missed
    const version = await freshVersions(this.db, ['configs']);
    if (!this.kept?.standsFor(version)) {
      this.kept = new Kept(version, await new ConfigRepo(this.db).all());
      this.values = new Map(this.kept.value.map((r) => [`${r.category}.${r.name}`, r.value]));
      this.generation++;
    }
    this.loadedAt = Date.now();
  }

  /** One setting's value, typed by its declaration (src/domain/settings). */
  async get<T extends SettingType>(setting: Setting<T>): Promise<SettingValue<T>> {
    await this.all();
    return parseSetting(setting, this.values.get(`${setting.category}.${setting.name}`));
  }

  /** Every setting of a category, typed: `(await settings.group(SETTINGS.sms)).tencent_region`. */
  async group<G extends SettingGroup>(group: G): Promise<GroupValues<G>> {
    await this.all();
    const out: Record<string, unknown> = {};
    for (const [name, s] of Object.entries(group)) out[name] = parseSetting(s, this.values.get(`${s.category}.${s.name}`));
    return out as GroupValues<G>;
  }
}
