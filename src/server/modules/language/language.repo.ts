import { nowIso } from '../../db/dialect.ts';
import type { LanguageRow } from '../../db/schema.ts';
import { countOf, likeAny, paginate } from '../../http/list.ts';
import { bools, flag } from '../../http/wire.ts';
import type { Language, LanguageInput, LanguageListQuery, LanguageUpdate } from '../../../contract/language.ts';
import { Repo } from '../../db/repo.ts';

export const LANGUAGE_COLUMNS = ['id', 'language', 'code', 'enable', 'total', 'sort', 'created_at', 'updated_at'] as const;
type LanguageColumn = (typeof LANGUAGE_COLUMNS)[number];

export const toLanguage = <T extends Partial<LanguageRow>>(r: T): Partial<Language> => bools(r, ['enable']);

export class LanguageRepo extends Repo {
  get(id: number): Promise<LanguageRow | undefined> {
    return this.db.selectFrom('languages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byCode(code: string): Promise<{ id: number } | undefined> {
    return this.db.selectFrom('languages').select('id').where('code', '=', code).executeTakeFirst();
  }

  async create(input: LanguageInput): Promise<void> {
    const now = nowIso();
    await this.db
      .insertInto('languages')
      .values({ ...input, enable: flag(input.enable), total: 0, created_at: now, updated_at: now })
      .execute();
  }

  update(input: LanguageUpdate): Promise<void> {
    return this.overwriteSwitchable('languages', input);
  }

  async setEnable(ids: number[], enable: boolean): Promise<void> {
    await this.db
      .updateTable('languages')
      .set({ enable: flag(enable), updated_at: nowIso() })
      .where('id', 'in', ids)
      .execute();
  }

  async delete(ids: number[]): Promise<void> {
    await this.db.deleteFrom('languages').where('id', 'in', ids).execute();
  }

  /** Enabled languages for the public settings, best first. */
  enabled(): Promise<Array<Pick<LanguageRow, 'id' | 'language' | 'code'>>> {
    return this.db
      .selectFrom('languages')
      .select(['id', 'language', 'code'])
      .where('enable', '=', 1)
      .orderBy('sort', 'desc')
      .orderBy('id', 'asc')
      .execute();
  }

  async list(
    q: LanguageListQuery & { fields: LanguageColumn[]; enabledOnly: boolean },
  ): Promise<{ total: number; rows: Partial<LanguageRow>[] }> {
    let base = this.db.selectFrom('languages');
    if (q.enabledOnly) base = base.where('enable', '=', 1);
    else if (q.enable?.length) base = base.where('enable', 'in', [...new Set(q.enable.map((b) => (b ? 1 : 0)))]);
    if (q.wd?.trim()) {
      base = base.where(likeAny(['language', 'code'], q.wd));
    }
    const total = await countOf(base);
    const query = base.select(q.fields).orderBy('enable', 'desc').orderBy('sort', 'desc').orderBy('id', 'asc');
    // moredoc's defaults: page 1, size 10
    const rows = await paginate(query, q.page && q.page > 0 ? q.page : 1, q.size && q.size > 0 ? q.size : 10).execute();
    return { total, rows };
  }
}
