import { nowIso } from '../../db/dialect.ts';
import type { ConfigRow } from '../../db/schema.ts';
import { SECRET_MASK, type ConfigItem } from '../../../contract/config.ts';
import { Repo } from '../../db/repo.ts';
import { storedSetting, type Setting, type SettingType, type SettingValue } from '../../../domain/settings/index.ts';

/** Config row for the wire: never `is_secret`, and secret values masked (an empty secret stays empty). */
export function toConfigItem(r: ConfigRow): ConfigItem {
  const { is_secret, ...rest } = r;
  return { ...rest, value: is_secret && r.value ? SECRET_MASK : r.value };
}

export class ConfigRepo extends Repo {
  all(): Promise<ConfigRow[]> {
    return this.db.selectFrom('configs').selectAll().orderBy('sort', 'asc').orderBy('id', 'asc').execute();
  }

  byCategories(categories: string[]): Promise<ConfigRow[]> {
    return this.db
      .selectFrom('configs')
      .selectAll()
      .where('category', 'in', categories)
      .orderBy('sort', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  byIds(ids: number[]): Promise<ConfigRow[]> {
    return this.db.selectFrom('configs').selectAll().where('id', 'in', ids).execute();
  }

  /** Writes the values in one transaction. */
  setValues(values: Array<{ id: number; value: string }>): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      for (const v of values)
        await trx.updateTable('configs').set({ value: v.value, updated_at: now }).where('id', '=', v.id).execute();
    });
  }

  /** Stores one declared setting's value. */
  async set<T extends SettingType>(setting: Setting<T>, value: SettingValue<T>): Promise<void> {
    await this.db
      .updateTable('configs')
      .set({ value: storedSetting(setting, value), updated_at: nowIso() })
      .where('category', '=', setting.category)
      .where('name', '=', setting.name)
      .execute();
  }
}
