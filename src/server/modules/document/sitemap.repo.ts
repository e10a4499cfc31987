import { sql } from 'kysely';
import { Repo } from '../../db/repo.ts';
import { SITEMAP_URLS_PER_PART } from '../../../domain/rules.ts';
import type { SitemapDocument } from '../../../contract/document.ts';
import { linkedCategoryIds, linkedIds } from './document-decorations.repo.ts';
import { STATUS } from './document.status.ts';

/**
 * The sitemap's documents, part by part of SITEMAP_URLS_PER_PART ids: each part is one range scan
 * of the primary key, so the whole sitemap of a million documents costs twenty such reads, however
 * many of them the site pre-renders.
 */
export class DocumentSitemapRepo extends Repo {
  /** The public documents of one part, by id. */
  async part(part: number): Promise<SitemapDocument[]> {
    const first = part * SITEMAP_URLS_PER_PART + 1;
    const rows = await this.db
      .selectFrom('documents as d')
      .select(['d.id', 'd.uuid', 'd.created_at', 'd.updated_at', linkedCategoryIds(this.db, sql`d.id`).as('links')])
      .where('d.id', '>=', first)
      .where('d.id', '<', first + SITEMAP_URLS_PER_PART)
      .where('d.status', '=', STATUS.converted)
      .where('d.deleted_at', 'is', null)
      .orderBy('d.id')
      .execute();
    return rows.map(({ links, ...d }) => ({ ...d, category_id: linkedIds(links) }));
  }

  /** How many parts there are: enough for the largest document id (the primary key's last entry). */
  async parts(): Promise<number> {
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => eb.fn.max('id').as('last'))
      .executeTakeFirst();
    return Math.ceil(Number(row?.last ?? 0) / SITEMAP_URLS_PER_PART);
  }
}
