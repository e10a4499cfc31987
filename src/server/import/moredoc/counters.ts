import { sql } from 'kysely';
import type { Database } from '../../db/db.ts';

/**
 * moredoc's counters drift (comments count whatever their status, deletes of article comments
 * change documents…), so every counter is recomputed from the rows, the way Wenku keeps them:
 * comments count once approved, documents and articles in the recycle bin do not count.
 * `credit_count`, `view_count`, `follow_count` and `fans_count` have no rows behind them and stay.
 */
const STATEMENTS = [
  sql`update users set
    doc_count = (select count(*) from documents d where d.user_id = users.id and d.deleted_at is null),
    article_count = (select count(*) from articles a where a.user_id = users.id and a.deleted_at is null),
    favorite_count = (select count(*) from favorites f where f.user_id = users.id),
    comment_count = (select count(*) from comments c where c.user_id = users.id and c.status = 1)`,
  sql`update documents set
    download_count = (select count(*) from downloads x where x.document_id = documents.id),
    favorite_count = (select count(*) from favorites f where f.document_id = documents.id and f.type = 0),
    comment_count = (select count(*) from comments c where c.document_id = documents.id and c.type = 0 and c.status = 1),
    score_count = (select count(*) from document_scores s where s.document_id = documents.id),
    score = coalesce((select sum(s.score) / count(*) from document_scores s where s.document_id = documents.id), 300)`,
  sql`update articles set
    favorite_count = (select count(*) from favorites f where f.document_id = articles.id and f.type = 1),
    comment_count = (select count(*) from comments c where c.document_id = articles.id and c.type = 1 and c.status = 1)`,
  sql`update comments set comment_count = (select count(*) from comments r where r.parent_id = comments.id and r.status = 1)`,
  sql`update categories set doc_count = case when type = 1
    then (select count(*) from article_categories ac join articles a on a.id = ac.article_id where ac.category_id = categories.id and a.deleted_at is null)
    else (select count(*) from document_categories dc join documents d on d.id = dc.document_id where dc.category_id = categories.id and d.deleted_at is null)
  end`,
  sql`update groups set user_count = (select count(*) from user_groups ug join users u on u.id = ug.user_id where ug.group_id = groups.id)`,
];

export async function recomputeCounters(db: Database): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const s of STATEMENTS) await s.execute(trx);
  });
}
