import type { ChildProcessByStdio } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { sql, type Insertable } from 'kysely';
import { originalKey } from '../../../src/server/convert/keys.ts';
import { dialectOf } from '../../../src/server/db/dialect.ts';
import type { DocumentsTable } from '../../../src/server/db/schema.ts';
import type { TestApp } from '../support/app.ts';
import { spawnNpmScript } from '../support/npm-script.ts';

export const fixture = (name: string): Buffer => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url));

export const md5 = (data: Buffer): string => createHash('md5').update(data).digest('hex');

/** Stores the file as an upload would and inserts its document row (status 0 unless given). */
export async function addDocument(
  t: TestApp,
  data: Buffer,
  ext: string,
  extra: Partial<Insertable<DocumentsTable>> = {},
): Promise<{ id: number; hash: string }> {
  const hash = md5(data);
  await t.ctx.storage.put(originalKey(hash, ext), data);
  const user = await t.ctx.db.selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const row: Insertable<DocumentsTable> = {
    uuid: randomBytes(8).toString('hex'),
    title: `测试文档${ext}`,
    keywords: '',
    description: '',
    preview_ext: '.svg',
    ext,
    language: 'zh-CN',
    hash,
    convert_error: '',
    lease_owner: '',
    user_id: user.id,
    width: 0,
    height: 0,
    pages: 0,
    preview: 0,
    enable_gzip: 0,
    download_count: 0,
    view_count: 0,
    favorite_count: 0,
    comment_count: 0,
    score: 300,
    score_count: 0,
    price: 0,
    status: 0,
    attachment_id: 0,
    deleted_user_id: 0,
    convert_attempts: 0,
    size: data.length,
    recommend_at: null,
    deleted_at: null,
    lease_until: null,
    converted_at: null,
    created_at: now,
    updated_at: now,
    ...extra,
  };
  const { id } = await t.ctx.db.insertInto('documents').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, hash };
}

export const getDocument = (t: TestApp, id: number) =>
  t.ctx.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const pageTexts = async (t: TestApp, hash: string): Promise<string[]> =>
  (await t.ctx.db.selectFrom('document_pages').select('text').where('hash', '=', hash).orderBy('page').execute()).map(
    (r) => r.text,
  );

/** The PostgreSQL schema of the test app ('' on SQLite), for a worker process to use the same tables. */
async function schemaOf(t: TestApp): Promise<string> {
  if (dialectOf(t.ctx.db) !== 'postgres') return '';
  return (await sql<{ s: string }>`select current_schema() as s`.execute(t.ctx.db)).rows[0].s;
}

export interface WorkerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  output: () => string;
  exited: Promise<unknown>;
}

/** Starts `npm run worker` (src/server/worker.ts) against the test app's database and storage, in its own process group. */
export async function spawnWorker(t: TestApp, env: Record<string, string> = {}): Promise<WorkerProcess> {
  const child = spawnNpmScript(
    'src/server/worker.ts',
    {
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.ctx.config.databaseUrl,
      STORAGE: t.ctx.config.storage,
      WENKU_DB_SCHEMA: await schemaOf(t),
      // the tests end workers with SIGTERM: they must not wait for a conversion the test gave up on
      WENKU_SHUTDOWN_GRACE_SECONDS: '0',
      ...env,
    },
    { detached: true },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return { child, output: () => output, exited: new Promise((r) => child.once('exit', r)) };
}
