import { sql, type Kysely, type SqlBool } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * A category's documents in each sort order of the library, straight from its links.
 *
 * A category list used to walk the documents' sort index (migration 009) and probe each row's
 * links until the page was full: the last page of any category read nearly every document
 * (at 100,000 documents 160–173 ms, at 1,000,000 about ten times that, on the main thread).
 * Each link now carries its document's list columns, and one index per sort order on
 * (category_id, status, sort, document_id) over live documents pages a category by skipping
 * index entries of that category only.
 *
 * Triggers keep the copies equal to the document's columns, whichever process writes them
 * (server, converter worker, CLI, importer, a `sqlite3` shell): a link takes them when it is
 * made or moved to another document, and a document's change is copied to its links. A view
 * of a document therefore also writes its few links (one per category on its path).
 */
const COPIED = ['status', 'deleted_at', 'view_count', 'download_count', 'score'] as const;
const SORTS = ['document_id', 'view_count', 'download_count', 'score'] as const;

const indexName = (sort: string) => `document_categories_live_${sort === 'document_id' ? 'id' : sort}`;

async function addColumns(db: Kysely<any>): Promise<void> {
  for (const name of COPIED) {
    await db.schema
      .alterTable('document_categories')
      .addColumn(name, name === 'deleted_at' ? 'text' : 'integer', (c) => (name === 'deleted_at' ? c : c.notNull().defaultTo(0)))
      .execute();
  }
  const set = sql.join(COPIED.map((c) => sql`${sql.ref(c)} = d.${sql.ref(c)}`));
  await sql`update document_categories set ${set} from documents d where d.id = document_categories.document_id`.execute(db);
}

async function indexes(db: Kysely<any>): Promise<void> {
  for (const sort of SORTS) {
    const cols =
      sort === 'document_id' ? ['category_id', 'status', 'document_id'] : ['category_id', 'status', sort, 'document_id'];
    await db.schema
      .createIndex(indexName(sort))
      .on('document_categories')
      .columns(cols)
      .where(sql<SqlBool>`deleted_at is null`)
      .execute();
  }
}

const copiedFrom = (row: string) => sql.raw(COPIED.map((c) => `${c} = ${row}.${c}`).join(', '));
const changed = sql.raw(COPIED.map((c) => `old.${c} is distinct from new.${c}`).join(' or '));

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const cols = sql.raw(COPIED.join(', '));
  const fill = sql`update document_categories set (${cols}) = (select ${cols} from documents d where d.id = new.document_id)
    where id = new.id and exists (select 1 from documents d where d.id = new.document_id);`;
  await sql`create trigger document_categories_copy_ins after insert on document_categories begin ${fill} end`.execute(db);
  await sql`create trigger document_categories_copy_upd after update of document_id on document_categories begin ${fill} end`.execute(
    db,
  );
  const push = sql`update document_categories set ${copiedFrom('new')} where document_id = new.id;`;
  await sql`create trigger documents_copy_ins after insert on documents begin ${push} end`.execute(db);
  const of = sql.raw(COPIED.join(', '));
  await sql`create trigger documents_copy_upd after update of ${of} on documents
    when ${sql.raw(COPIED.map((c) => `old.${c} is not new.${c}`).join(' or '))} begin ${push} end`.execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  const assign = sql.raw(COPIED.map((c) => `new.${c} := d.${c};`).join(' '));
  await sql`create function wenku_link_copy() returns trigger language plpgsql as $$
    declare d record;
    begin
      select ${sql.raw(COPIED.join(', '))} into d from documents where id = new.document_id;
      if found then ${assign} end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger document_categories_copy before insert or update of document_id on document_categories
    for each row execute function wenku_link_copy()`.execute(db);
  await sql`create function wenku_document_copy() returns trigger language plpgsql as $$
    begin
      update document_categories set ${copiedFrom('new')} where document_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger documents_copy_ins after insert on documents
    for each row execute function wenku_document_copy()`.execute(db);
  await sql`create trigger documents_copy_upd after update of ${sql.raw(COPIED.join(', '))} on documents
    for each row when (${changed}) execute function wenku_document_copy()`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db);
  await indexes(db);
  if (dialectOf(db) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  for (const t of ['documents_copy_ins', 'documents_copy_upd']) {
    await sql`drop trigger if exists ${sql.raw(t)}${sql.raw(pg ? ' on documents' : '')}`.execute(db);
  }
  if (pg) {
    await sql`drop trigger if exists document_categories_copy on document_categories`.execute(db);
    await sql`drop function if exists wenku_link_copy()`.execute(db);
    await sql`drop function if exists wenku_document_copy()`.execute(db);
  } else {
    for (const t of ['document_categories_copy_ins', 'document_categories_copy_upd'])
      await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  }
  for (const sort of SORTS) await db.schema.dropIndex(indexName(sort)).execute();
  for (const name of COPIED) await db.schema.alterTable('document_categories').dropColumn(name).execute();
}
