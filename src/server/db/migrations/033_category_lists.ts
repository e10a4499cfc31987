import { sql, type Kysely, type SqlBool } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * A category's documents in each sort order of the library, straight from its links.
 *
 * A category list used to walk the documents' sort index (migration 009) and probe each row's
 * links until the page was full: the last page of any category read nearly every document
 * (at 100,000 documents 105–153 ms, at 1,000,000 about ten times that, on the main thread).
 * Each link now carries its document's list columns, and one index per sort order on
 * (category_id, status, sort, document_id) over live documents, with the filter columns (ext,
 * price, language) riding along, pages a category by skipping index entries of that category only.
 *
 * Triggers keep the copies equal to the document's columns, whichever process writes them
 * (server, converter worker, CLI, importer, a `sqlite3` shell): a link takes them when it is
 * made or moved to another document, and a document's change is copied to its links. A view
 * of a document therefore also writes its few links (one per category on its path): measured at
 * 100,000 documents, a view count with its commit takes 1.5× as long on SQLite (below) and 1.6× on
 * PostgreSQL (590–620 → 900–1,000 µs).
 */
const COPIED = ['status', 'deleted_at', 'view_count', 'download_count', 'score', 'ext', 'price', 'language'] as const;
const TEXT = new Set<string>(['ext', 'language']);
const SORTS = ['document_id', 'view_count', 'download_count', 'score'] as const;

const indexName = (sort: string) => `document_categories_live_${sort === 'document_id' ? 'id' : sort}`;

async function addColumns(db: Kysely<any>): Promise<void> {
  for (const name of COPIED) {
    const type = name === 'deleted_at' || TEXT.has(name) ? 'text' : 'integer';
    await db.schema
      .alterTable('document_categories')
      .addColumn(name, type, (c) => (name === 'deleted_at' ? c : c.notNull().defaultTo(TEXT.has(name) ? '' : 0)))
      .execute();
  }
  const set = sql.join(COPIED.map((c) => sql`${sql.ref(c)} = d.${sql.ref(c)}`));
  await sql`update document_categories set ${set} from documents d where d.id = document_categories.document_id`.execute(db);
}

async function indexes(db: Kysely<any>): Promise<void> {
  for (const sort of SORTS) {
    // the filter columns ride along, as in the documents' own list indexes (migration 009)
    const order = sort === 'document_id' ? ['document_id'] : [sort, 'document_id'];
    const cols = ['category_id', 'status', ...order, 'ext', 'price', 'language'];
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
  // one trigger per column: SQLite rewrites every index holding a column the SET names, so a view
  // moves each link's entry in the view_count index only (a view count with its commit, at 100,000
  // documents: 235–253 µs before, 360–374 µs so, 465–555 µs copying every column each time)
  for (const c of COPIED) {
    await sql`create trigger ${sql.raw(`documents_copy_${c}`)} after update of ${sql.ref(c)} on documents
      when old.${sql.ref(c)} is not new.${sql.ref(c)}
      begin update document_categories set ${sql.ref(c)} = new.${sql.ref(c)} where document_id = new.id; end`.execute(db);
  }
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
  const triggers = pg
    ? ['documents_copy_ins', 'documents_copy_upd']
    : ['documents_copy_ins', ...COPIED.map((c) => `documents_copy_${c}`)];
  for (const t of triggers) await sql`drop trigger if exists ${sql.raw(t)}${sql.raw(pg ? ' on documents' : '')}`.execute(db);
  if (pg) {
    await sql`drop trigger if exists document_categories_copy on document_categories`.execute(db);
    await sql`drop function if exists wenku_link_copy()`.execute(db);
    await sql`drop function if exists wenku_document_copy()`.execute(db);
  } else {
    for (const t of ['document_categories_copy_ins', 'document_categories_copy_upd']) {
      await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
    }
  }
  for (const sort of SORTS) await db.schema.dropIndex(indexName(sort)).execute();
  for (const name of COPIED) await db.schema.alterTable('document_categories').dropColumn(name).execute();
}
