import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/db.ts';
import { createSearchNewest } from '../src/server/db/migrations/frozen/search-newest-029.ts';
const db = openDatabase('postgres://postgres@127.0.0.1:5432/wenku_bench');
await sql`drop function if exists search_newest(varchar, tsquery, integer, integer)`.execute(db);
await sql`drop function if exists search_newest(varchar, text, integer)`.execute(db);
await createSearchNewest.execute(db);
await db.destroy();
