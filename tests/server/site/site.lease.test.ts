import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { Lease, releaseLease, tryLease } from '../../../src/server/db/leases.ts';
import { SiteBuilder } from '../../../src/server/site/site.builder.ts';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';
import { Lines, waitFor } from '../support/wait.ts';

// Several instances sharing one site folder (WENKU_SITE_ROOT) take turns under a database lease:
// each change is rendered once, by one instance, and no instance writes while another does.

// a stand-in for the renderer process: a full build or a warm start writes index.html; an
// incremental render writes one file per batch into the served build
const FAKE_RENDERER = `import { mkdirSync, writeFileSync } from 'node:fs';
const [, out] = process.argv.slice(2);
mkdirSync(out + '/_astro', { recursive: true });
writeFileSync(out + '/_astro/page.js', '');
process.on('disconnect', () => process.exit(0));
process.on('message', (m) => {
  if (m.type !== 'render') return;
  writeFileSync(m.root + '/rendered-' + process.pid + '-' + m.id + '.json', JSON.stringify(m.events));
  process.send({ type: 'rendered', id: m.id, rendered: ['/x'], removed: [], ms: 1 });
});
setTimeout(() => {
  writeFileSync(out + '/index.html', '<title>site</title>');
  process.send({ type: 'built', ok: true, stale: false, ms: 1 });
}, 300);
`;

describeEachDialect('instances sharing the site folder on %s', { admin: false, member: false }, () => {
  let t: TestApp;
  let root: string;
  let renderer: string;
  const builders: SiteBuilder[] = [];
  onStart(async (ready) => {
    ({ t } = ready);
    root = mkdtempSync(join(tmpdir(), 'wenku-site-lease-'));
    mkdirSync(join(root, 'project'));
    renderer = join(root, 'project', 'renderer.mjs');
    writeFileSync(renderer, FAKE_RENDERER);
  });
  afterAll(async () => {
    for (const b of builders) b.stop();
    rmSync(root, { recursive: true, force: true });
  });

  /** One instance's builder on the shared folder `site`, with its own lease owner, logging to `logs`. */
  function instance(site: string, logs = new Lines()) {
    const builder = new SiteBuilder({
      currentLink: join(site, 'current'),
      apiBase: '',
      projectRoot: join(root, 'project'),
      renderer,
      log: logs.add,
      debounceMs: 50,
      minIntervalMs: 100,
      lease: new Lease(t.ctx.db, `site-render-${basename(site)}`, 2000),
    });
    builders.push(builder);
    return { builder, logs };
  }

  it('gives a lease to one owner at a time, back when released or run out', async () => {
    expect(await tryLease(t.ctx.db, 'x', 'a', 1000)).toBe(true);
    expect(await tryLease(t.ctx.db, 'x', 'b', 1000)).toBe(false);
    expect(await tryLease(t.ctx.db, 'x', 'a', 1000)).toBe(true); // renewal
    await releaseLease(t.ctx.db, 'x', 'a');
    expect(await tryLease(t.ctx.db, 'x', 'b', 300)).toBe(true);
    expect(await tryLease(t.ctx.db, 'x', 'a', 1000, Date.now() + 301)).toBe(true); // b's ran out
    // of many trying at once, exactly one gets it
    const tries = await Promise.all(Array.from({ length: 8 }, (_, i) => tryLease(t.ctx.db, 'y', `o${i}`, 5000)));
    expect(tries.filter(Boolean)).toHaveLength(1);
  });

  it('lets a restarted server take the lease its killed predecessor on this machine held', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const future = Date.now() + 600_000;
    await t.ctx.db
      .insertInto('leases')
      .values({ name: 'dead-holder', owner: `${hostname()}:${dead}:old`, expires_at: future })
      .execute();
    await t.ctx.db
      .insertInto('leases')
      .values({ name: 'live-elsewhere', owner: `other-host:${dead}:x`, expires_at: future })
      .execute();
    expect(await new Lease(t.ctx.db, 'dead-holder').hold(async () => 'ran')).toEqual({ held: true, value: 'ran' });
    // a holder on another machine (or alive here) keeps it until it runs out
    expect(await new Lease(t.ctx.db, 'live-elsewhere').hold(async () => 'ran')).toEqual({ held: false });
  });

  it('renders the first site once when two instances start together', async () => {
    const site = join(root, 'first');
    const logs = new Lines();
    const a = instance(site, logs);
    const b = instance(site, logs);
    await Promise.all([a.builder.build(0), b.builder.build(0)]);
    await logs.next('已由其他实例', { what: 'the second instance standing down', timeout: 15_000 });
    expect(logs.matching(/^站点构建完成/)).toHaveLength(1);
    expect(readdirSync(join(site, 'builds')).filter((d) => d.startsWith('build-'))).toHaveLength(1);
    expect(existsSync(join(site, 'current', 'index.html'))).toBe(true);
  }, 30_000);

  it('keeps a change waiting while another instance renders, then renders it once, into the served build', async () => {
    const site = join(root, 'changes');
    const a = instance(site);
    const b = instance(site);
    expect(await a.builder.build(0)).toBe(true);
    // b swaps in a build of its own (a shared change seen by b): a's renderer is older than it
    expect(await b.builder.build()).toBe(true);
    const served = readlinkSync(join(site, 'current'));
    // another holder (a third instance) renders for a second
    const other = 'elsewhere:1:abc';
    expect(await tryLease(t.ctx.db, `site-render-changes`, other, 60_000)).toBe(true);
    a.builder.update({ kind: 'document', ids: [7], change: 'saved' });
    // a tries at once (not after its batch delay): the lease is the other's, so the change waits
    await a.builder.flush();
    const rendered = () => readdirSync(served).filter((f) => f.startsWith('rendered-'));
    expect(rendered()).toEqual([]);
    await releaseLease(t.ctx.db, 'site-render-changes', other);
    await waitFor(() => rendered().length, { what: 'the change rendered', timeout: 15_000 });
    // what either instance still had to render is done: the change was not rendered again
    await Promise.all([a.builder.flush(), b.builder.flush()]);
    expect(rendered()).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(served, rendered()[0]), 'utf8'))).toEqual([
      { kind: 'document', ids: [7], change: 'saved' },
    ]);
    // a warmed a renderer on b's build before rendering into it
    expect(a.logs.matching(/^站点渲染器已就绪/)).not.toEqual([]);
  }, 30_000);
});
