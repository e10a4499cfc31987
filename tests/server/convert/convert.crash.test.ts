import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { expect } from 'vitest';
import { removeOrphanJobDirs } from '../../../src/server/convert/job-dir.ts';
import { claimNext } from '../../../src/server/convert/queue.ts';
import { ConverterWorker } from '../../../src/server/convert/worker.ts';
import { makeZip } from '../../fixtures/make-zip.ts';
import { DOCX_TEXT, docxParts } from '../../fixtures/templates.ts';
import { addDocument, fixture, getDocument, pageTexts, spawnWorker } from './convert.support.ts';
import { processes } from '../support/proc.ts';
import { describeEachDialect, it } from '../support/fixture.ts';
import { waitFor } from '../support/wait.ts';

describeEachDialect('converter queue and crashed workers (%s)', { admin: false, member: false }, (dialect) => {
  it('gives each waiting document to exactly one claimer', async ({ t }) => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await addDocument(t, Buffer.from(`%PDF-1.4 claim ${dialect} ${i}`), '.pdf')).id);
    // neither deleted documents nor documents outside the queue are taken
    const deleted = await addDocument(t, Buffer.from('%PDF-1.4 deleted'), '.pdf', { deleted_at: new Date().toISOString() });
    const review = await addDocument(t, Buffer.from('%PDF-1.4 review'), '.pdf', { status: 6 });
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claimNext(t.ctx.db, `claimer-${i}`, 60_000)));
    const won = claims.filter((c) => c !== null).map((c) => c.doc.id);
    expect(won.sort((a, b) => a - b)).toEqual(ids);
    for (const c of claims)
      if (c)
        expect(c).toMatchObject({
          previousStatus: 0,
          doc: { status: 1, convert_attempts: 1, lease_owner: expect.stringMatching(/^claimer-/) },
        });
    await t.ctx.db
      .deleteFrom('documents')
      .where('id', 'in', [...ids, deleted.id, review.id])
      .execute();
  });

  it('finishes a document whose worker process was killed mid-conversion, once its lease expires', async ({ t }) => {
    const { id, hash } = await addDocument(t, fixture('chinese.docx'), '.docx');
    const { child, output, exited } = await spawnWorker(t, { WENKU_CONVERTER_LEASE_MS: '2000' });
    const jobDirs = () => readdirSync(tmpdir()).filter((n) => n.startsWith(`wenku-convert-${child.pid}-`));
    try {
      // killed once its job folder exists too: the folder is made just after the claim
      const claimed = await waitFor(
        async () => {
          const doc = await getDocument(t, id);
          return doc.status === 1 && doc.lease_owner.includes(`:${child.pid}:`) && jobDirs().length === 1 && doc;
        },
        { what: 'the child to claim the document', explain: () => `worker output:\n${output()}` },
      );
      expect(claimed.convert_attempts).toBe(1);
    } finally {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    }
    expect((await getDocument(t, id)).status).toBe(1);
    expect(jobDirs()).toHaveLength(1);
    await removeOrphanJobDirs();
    expect(jobDirs()).toHaveLength(0);

    const worker = new ConverterWorker(t.ctx, { leaseMs: 10_000 });
    const result = await waitFor(() => worker.convertOne(), { what: 'the lease to expire' });
    expect(result).toEqual({ id, status: 2 });
    expect(await getDocument(t, id)).toMatchObject({
      status: 2,
      convert_attempts: 2,
      lease_owner: '',
      lease_until: null,
      pages: 1,
    });
    expect((await pageTexts(t, hash)).join(' ')).toContain(DOCX_TEXT[2]);
  }, 60_000);

  it('gives the job of a killed worker back as soon as a worker starts again, and leaves no LibreOffice behind', async ({
    t,
  }) => {
    const parts = docxParts().map((p) =>
      p.name === 'word/document.xml' ? { ...p, data: p.data.replace('合同审批流程说明', `重启后收回的任务 ${dialect}`) } : p,
    );
    const { id } = await addDocument(t, makeZip(parts), '.docx');
    // the default lease: twice the 30-minute conversion timeout
    const first = await spawnWorker(t);
    let group = 0;
    try {
      group = await waitFor(
        () => {
          const all = processes();
          // tools are started by the worker's tool starter (spawner.ts), a child of the worker
          const starters = new Set(all.filter((p) => p.ppid === first.child.pid).map((p) => p.pid));
          const leaders = new Set(all.filter((p) => starters.has(p.ppid)).map((p) => p.pid));
          return all.find((p) => leaders.has(p.pgid) && p.comm === 'soffice.bin')?.pgid;
        },
        { what: 'LibreOffice to run for the first worker', explain: () => `worker output:\n${first.output()}` },
      );
    } finally {
      process.kill(first.child.pid!, 'SIGKILL'); // the worker alone, not its children's groups
      await first.exited;
    }
    await waitFor(() => !processes().some((p) => p.pgid === group), {
      what: 'the converter group of the killed worker to end',
      timeout: 10_000,
    });
    const orphaned = await getDocument(t, id);
    expect(orphaned.status).toBe(1);
    expect(Date.parse(orphaned.lease_until!)).toBeGreaterThan(Date.now() + 30 * 60_000);

    const second = await spawnWorker(t);
    try {
      await waitFor(async () => (await getDocument(t, id)).status === 2, {
        what: 'the restarted worker to convert the document',
        explain: () => `worker output:\n${second.output()}`,
      });
    } finally {
      process.kill(-second.child.pid!, 'SIGTERM');
      await second.exited;
    }
    expect(second.output()).toContain('已收回 1 个中断的转换任务');
    expect(await getDocument(t, id)).toMatchObject({ status: 2, convert_attempts: 2, lease_owner: '' });
  }, 60_000);
});
