import { Migrator } from 'kysely/migration';
import { openDatabase, migrations } from '../src/server/db/db.ts';
const db = openDatabase('postgres://postgres@127.0.0.1:5432/wenku_bench_old');
const m = new Migrator({ db, provider: { getMigrations: async () => migrations } });
const r = await m.migrateDown();
console.log(r.error ?? r.results);
await db.destroy();
