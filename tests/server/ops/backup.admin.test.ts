import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { verifyBackup } from '../../../src/server/backup/verify.ts';
import { scheduledBackupTick } from '../../../src/server/modules/backup/backup.sweep.ts';
import { startPeer, type Peer, type TestApp } from '../support/app.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

describeEachDialect('系统设置 → 备份 (%s)', () => {
  let t: TestApp;
  let admin: string;
  let member: { token: string };
  const list = async () => (await t.call({ url: '/api/v1/backup/list', token: admin })).body;
  /** Waits until no backup runs and the last one has ended. */
  const settled = async () => {
    await expect.poll(async () => Boolean((await list()).running), { timeout: 60_000, interval: 100 }).toBe(false);
    return list();
  };

  onStart((ready) => ({ t, admin, member } = ready));

  it('立即备份 writes a verified archive outside the served folders; the list shows it with size and time', async () => {
    const started = await t.call({ method: 'POST', url: '/api/v1/backup', token: admin });
    expect(started.status).toBe(200);
    const body = await settled();
    expect(body.last).toMatchObject({ id: started.body.id, kind: 'manual', status: 'ok' });
    expect(body.backup).toHaveLength(1);
    const [archive] = body.backup;
    expect(archive.name).toMatch(/^wenku-backup-\d{8}-\d{6}\.tar$/);
    expect(archive.size).toBeGreaterThan(10_000);
    expect(Date.parse(archive.created_at)).toBeGreaterThan(Date.now() - 120_000);
    expect(body.last.bytes).toBe(archive.size);
    expect(t.ctx.config.backupDir).toBe(join(t.dataDir, 'backups'));
    const tmp = mkdtempSync(join(t.dataDir, 'verify-'));
    try {
      const checked = await verifyBackup(join(t.ctx.config.backupDir, archive.name), join(tmp, 'db'));
      expect(checked.problems).toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 90_000);

  it('downloads only through a short-lived link an admin was given; no other URL reaches an archive', async () => {
    const [archive] = (await list()).backup;
    const link = await t.call({ method: 'POST', url: '/api/v1/backup/download', token: admin, payload: { name: archive.name } });
    expect(link.status).toBe(200);
    const got = await t.app.inject({ url: link.body.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toContain(archive.name);
    expect(sha(got.rawPayload)).toBe(sha(readFileSync(join(t.ctx.config.backupDir, archive.name))));

    for (const token of [member.token, undefined]) {
      const status = token ? 403 : 401;
      expect((await t.call({ url: '/api/v1/backup/list', token })).status).toBe(status);
      expect((await t.call({ method: 'POST', url: '/api/v1/backup', token })).status).toBe(status);
      expect(
        (await t.call({ method: 'POST', url: '/api/v1/backup/download', token, payload: { name: archive.name } })).status,
      ).toBe(status);
      expect((await t.call({ method: 'DELETE', url: `/api/v1/backup?name=${archive.name}`, token })).status).toBe(status);
    }
    // a forged signature: its first character changed (the last one carries padding bits a decoder
    // ignores, so changing the end could leave the same signature)
    const token: string = link.body.url.split('/').pop();
    const signature = token.lastIndexOf('.') + 1;
    const forged = `${token.slice(0, signature)}${token[signature] === 'A' ? 'B' : 'A'}${token.slice(signature + 1)}`;
    for (const url of [
      `/backup-file/${archive.name}`,
      `/backup-file/${forged}`,
      `/backups/${archive.name}`,
      `/data/backups/${archive.name}`,
      `/uploads/../backups/${archive.name}`,
      `/uploads/..%2Fbackups%2F${archive.name}`,
    ]) {
      const res = await t.app.inject({ url });
      expect({ url, status: res.statusCode }).not.toEqual({ url, status: 200 });
      expect(res.rawPayload.includes(Buffer.from('wenku-backup'))).toBe(false);
    }
  });

  it('deletes by listed name only; keeps the configured number of archives', async () => {
    expect((await t.call({ method: 'DELETE', url: '/api/v1/backup?name=../wenku.db', token: admin })).status).toBe(400);
    expect(
      (await t.call({ method: 'DELETE', url: '/api/v1/backup?name=wenku-backup-20000101-000000.tar', token: admin })).status,
    ).toBe(404);
    await t.setConfig('backup', 'keep', '2');
    for (let i = 0; i < 3; i++) {
      // names carry the second: wait for the next one so that each run has its own
      const before = ((await list()).backup ?? []).map((b: { name: string }) => b.name);
      expect((await t.call({ method: 'POST', url: '/api/v1/backup', token: admin })).status).toBe(200);
      await settled();
      await expect.poll(async () => (await list()).backup?.[0]?.name).not.toBe(before[0]);
    }
    const kept = (await list()).backup;
    expect(kept).toHaveLength(2);
    const del = await t.call({ method: 'DELETE', url: `/api/v1/backup?name=${kept[1].name}`, token: admin });
    expect(del.status).toBe(200);
    expect((await list()).backup.map((b: { name: string }) => b.name)).toEqual([kept[0].name]);
  }, 120_000);

  it('runs the day’s scheduled backup once, at its time in the site time zone, on one instance of several', async () => {
    let peer: Peer | undefined;
    try {
      peer = await startPeer(t);
      await t.setConfig('system', 'timezone', 'Asia/Shanghai');
      await t.setConfig('backup', 'time', '03:30');
      peer.ctx.settings.invalidate();
      // 03:29 in Shanghai is 19:29 UTC the day before: not yet
      expect(await scheduledBackupTick(t.ctx, new Date('2030-05-01T19:29:00Z'))).toBe(false);
      // 03:31 in Shanghai: both instances look at once, one runs it
      const at = new Date('2030-05-01T19:31:00Z');
      const ran = await Promise.all([scheduledBackupTick(t.ctx, at), scheduledBackupTick(peer.ctx, at)]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      // later that day: already done
      expect(await scheduledBackupTick(peer.ctx, new Date('2030-05-02T08:00:00Z'))).toBe(false);
      const runs = await t.ctx.db.selectFrom('backup_runs').selectAll().where('kind', '=', 'schedule').execute();
      expect(runs.map((r) => [r.slot, r.status])).toEqual([['2030-05-02 03:30', 'ok']]);
      const body = await list();
      expect(body.last).toMatchObject({ kind: 'schedule', status: 'ok' });
      expect(body.schedule).toMatchObject({ enable: true, time: '03:30', keep: 2, zone: 'Asia/Shanghai' });
      expect(body.schedule.next_at).toMatch(/^\d{4}-\d{2}-\d{2} 03:30$/);
      // switched off: nothing runs
      await t.setConfig('backup', 'enable', 'false');
      expect(await scheduledBackupTick(t.ctx, new Date('2030-05-02T19:31:00Z'))).toBe(false);
    } finally {
      await peer?.close();
    }
  }, 120_000);

  it('refuses a schedule time that is not HH:MM', async () => {
    const row = await t.ctx.db
      .selectFrom('configs')
      .select('id')
      .where('category', '=', 'backup')
      .where('name', '=', 'time')
      .executeTakeFirstOrThrow();
    const res = await t.call({
      method: 'PUT',
      url: '/api/v1/config',
      token: admin,
      payload: { config: [{ id: row.id, value: '25:00' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('时:分');
  });
});
