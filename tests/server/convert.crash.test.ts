import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeOrphanJobDirs } from '../../src/server/convert/job-dir.ts';
import { claimNext } from '../../src/server/convert/queue.ts';
import { ConverterWorker } from '../../src/server/convert/worker.ts';
import { dialectOf } from '../../src/server/db/dialect.ts';
import { DOCX_TEXT } from '../fixtures/templates.ts';
import { DIALECTS, startTestApp, type TestApp } from './support/app.ts';
import { addDocument, fixture, getDocument, pageTexts } from './convert.support.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe.each(DIALECTS)('converter queue and crashed workers (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives each waiting document to exactly one claimer', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await addDocument(t, Buffer.from(`%PDF-1.4 claim ${dialect} ${i}`), '.pdf')).id);
    // neither deleted documents nor documents outside the queue are taken
    const deleted = await addDocument(t, Buffer.from('%PDF-1.4 deleted'), '.pdf', { deleted_at: new Date().toISOString() });
    const review = await addDocument(t, Buffer.from('%PDF-1.4 review'), '.pdf', { status: 6 });
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claimNext(t.ctx.db, `claimer-${i}`, 60_000)));
    const won = claims.filter((c) => c !== null).map((c) => c.doc.id);
    expect(won.sort((a, b) => a - b)).toEqual(ids);
    for (const c of claims) if (c) expect(c).toMatchObject({ previousStatus: 0, doc: { status: 1, convert_attempts: 1, lease_owner: expect.stringMatching(/^claimer-/) } });
    await t.ctx.db.deleteFrom('documents').where('id', 'in', [...ids, deleted.id, review.id]).execute();
  });

  it('finishes a document whose worker process was killed mid-conversion, once its lease expires', async () => {
    const { id, hash } = await addDocument(t, fixture('chinese.docx'), '.docx');
    const schema = dialectOf(t.ctx.db) === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.ctx.db)).rows[0]!.s
      : '';
    const child = spawn(process.execPath, ['src/server/worker.ts'], {
      env: {
        ...process.env,
        DATA_DIR: t.dataDir,
        DATABASE_URL: t.ctx.config.databaseUrl,
        STORAGE: t.ctx.config.storage,
        WENKU_DB_SCHEMA: schema,
        WENKU_CONVERTER_LEASE_MS: '2000',
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise((r) => child.once('exit', r));
    try {
      const claimed = await until('the child to claim the document', async () => {
        const doc = await getDocument(t, id);
        return doc.status === 1 && doc.lease_owner.includes(`:${child.pid}:`) && doc;
      });
      expect(claimed.convert_attempts).toBe(1);
    } catch (err) {
      throw new Error(`${(err as Error).message}\nworker output:\n${output}`);
    } finally {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    }
    expect((await getDocument(t, id)).status).toBe(1);
    const jobDirs = () => readdirSync(tmpdir()).filter((n) => n.startsWith(`wenku-convert-${child.pid}-`));
    expect(jobDirs()).toHaveLength(1);
    await removeOrphanJobDirs();
    expect(jobDirs()).toHaveLength(0);

    const worker = new ConverterWorker(t.ctx, { leaseMs: 10_000 });
    const result = await until('the lease to expire', () => worker.convertOne());
    expect(result).toEqual({ id, status: 2 });
    expect(await getDocument(t, id)).toMatchObject({ status: 2, convert_attempts: 2, lease_owner: '', lease_until: null, pages: 1 });
    expect((await pageTexts(t, hash)).join(' ')).toContain(DOCX_TEXT[2]);
  }, 60_000);
});
