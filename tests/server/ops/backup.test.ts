import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { allPublicDocuments } from '../../../src/build/documents.ts';
import { memoRegistry } from '../../../src/build/memo.ts';
import { trustedMember, postComment } from '../support/comment-fixtures.ts';
import { cli, listRoutes, pgQuery, pgSchema, siteEnv, startOn, storedFiles } from '../support/site-copy.ts';
import { ADMIN_PASSWORD } from '../support/app.ts';
import { category, publish, setStatus } from '../support/documents.ts';
import { describeEachDialect, it } from '../support/fixture.ts';

describeEachDialect('backup, verify and restore (%s)', { admin: false, member: false }, (dialect) => {
  const work = mkdtempSync(join(tmpdir(), 'wenku-backup-'));
  const dropSchemas: string[] = [];
  afterAll(async () => {
    for (const s of dropSchemas) await pgQuery(`drop schema if exists ${s} cascade`);
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up while members register, restores onto an empty target, and the restored site answers every list alike', async ({
    t,
  }) => {
    const admin = await t.adminToken();
    const cat = await category(t, admin, '备份');
    const docs = [];
    for (let i = 0; i < 3; i++) docs.push(await publish(t, admin, [cat], { title: `备份文档${i}` }));
    for (const d of docs) await setStatus(t, d.id, 2);
    const member = await trustedMember(t);
    await postComment(t, member.token, { document_id: docs[0]!.id, content: '备份前的评论' });

    // write load: registrations go on during the whole backup
    const answered: string[] = [];
    let stop = false;
    const load = (async () => {
      while (!stop) answered.push((await t.member(undefined, 'load-pass-1')).username);
    })();
    while (answered.length < 3) await new Promise((r) => setImmediate(r));
    const beforeBackup = [...answered];
    const dir = join(work, `under-load`);
    const out = await cli(siteEnv(t.dataDir, t.schema), 'backup', '--to', dir);
    const duringBackup = answered.length - beforeBackup.length;
    stop = true;
    await load;
    expect(out.stdout).toContain('备份完成');
    expect(duringBackup).toBeGreaterThan(0);
    const [archive] = readdirSync(dir).filter((n) => n.endsWith('.tar'));
    expect((await cli(siteEnv(t.dataDir, t.schema), 'backup', 'verify', join(dir, archive!))).stdout).toContain('备份完好');

    // the snapshot restores; every member answered before it started signs in there
    const first = await restoreFresh(join(dir, archive!));
    for (const username of beforeBackup) expect((await first.site.login(username, 'load-pass-1')).statusCode).toBe(200);
    await first.site.app.close();

    // a quiet backup: the restored site answers exactly as the original
    const quiet = join(work, 'quiet');
    await cli(siteEnv(t.dataDir, t.schema), 'backup', '--to', quiet);
    const [second] = readdirSync(quiet).filter((n) => n.endsWith('.tar'));
    const restored = await restoreFresh(join(quiet, second!));
    try {
      const adminThere = JSON.parse((await restored.site.login('admin', ADMIN_PASSWORD)).body).token as string;
      const routes = listRoutes(t);
      expect(routes.length).toBeGreaterThan(20);
      for (const url of routes) {
        for (const [mine, theirs] of [
          [undefined, undefined],
          [admin, adminThere],
        ]) {
          const a = await t.call({ url, token: mine });
          const b = await restored.site.call(url, theirs);
          expect({ url, status: b.status, body: b.body }).toEqual({ url, status: a.status, body: JSON.stringify(a.body) });
        }
      }
      expect((await restored.site.login(member.username, 'member-pass-1')).statusCode).toBe(200);
      expect(await storedFiles(join(restored.dataDir, 'files'))).toEqual(await storedFiles(join(t.dataDir, 'files')));
      // the search index is there (SQLite: in the snapshot; PostgreSQL: rebuilt)
      const found = await restored.site.call(`/api/v1/document/search?wd=${encodeURIComponent('备份文档1')}`);
      expect(found.body).toContain('备份文档1');
      // new rows continue after the copied ids
      const next = await restored.site.app.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { username: 'after_restore', password: 'member-pass-1', email: 'after@example.com' },
      });
      expect(next.statusCode).toBe(200);
      const maxId = Number(
        (
          await t.ctx.db
            .selectFrom('users')
            .select((eb) => eb.fn.max('id').as('m'))
            .executeTakeFirstOrThrow()
        ).m,
      );
      expect(JSON.parse(next.body).user.id).toBeGreaterThan(maxId);
      // the static site's build reads its data from the restored server
      await restored.site.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = restored.site.app.server.address() as AddressInfo;
      process.env.WENKU_API = `http://127.0.0.1:${port}`;
      for (const m of memoRegistry().values()) m.reset();
      const built = await allPublicDocuments();
      expect(built.map((d) => d.title)).toEqual(expect.arrayContaining(['备份文档0', '备份文档1', '备份文档2']));
    } finally {
      delete process.env.WENKU_API;
      await restored.site.app.close();
    }
  }, 240_000);

  it('refuses a target holding data, naming it, unless --force; refuses a damaged archive', async ({ t }) => {
    const dir = join(work, 'refuse');
    await cli(siteEnv(t.dataDir, t.schema), 'backup', '--to', dir);
    const [archive] = readdirSync(dir).filter((n) => n.endsWith('.tar'));
    const file = join(dir, archive!);
    await expect(cli(siteEnv(t.dataDir, t.schema), 'restore', file)).rejects.toMatchObject({
      stderr: expect.stringMatching(/目标不是空的[\s\S]*用户 \d+[\s\S]*--force/),
    });
    // one byte changed in the middle of the archive
    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    const broken = join(dir, 'broken.tar');
    writeFileSync(broken, bytes);
    await expect(cli(siteEnv(t.dataDir, t.schema), 'backup', 'verify', broken)).rejects.toMatchObject({
      stderr: expect.stringContaining('备份有问题'),
    });
    const target = await freshTarget();
    await expect(cli(siteEnv(target.dataDir, target.schema), 'restore', broken)).rejects.toMatchObject({
      stderr: expect.stringContaining('未做任何改动'),
    });
  }, 120_000);

  async function freshTarget() {
    const dataDir = mkdtempSync(join(work, 'target-'));
    const schema = dialect === 'postgres' ? await pgSchema() : undefined;
    if (schema) dropSchemas.push(schema);
    return { dataDir, schema };
  }

  async function restoreFresh(archive: string) {
    const target = await freshTarget();
    const out = await cli(siteEnv(target.dataDir, target.schema), 'restore', archive);
    expect(out.stdout).toContain('恢复完成');
    return { ...target, site: await startOn(target.dataDir, target.schema) };
  }
});
