import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SiteBuilder } from '../../../src/server/site/site.builder.ts';
import { SiteFolder } from '../../../src/server/site/site.folder.ts';
import { Lines, waitFor } from '../support/wait.ts';

// a stand-in for the renderer process: writes a page, then index.html last (or hangs before it)
const FAKE_RENDERER = `import { mkdirSync, writeFileSync } from 'node:fs';
const [, out] = process.argv.slice(2);
mkdirSync(out + '/_astro', { recursive: true });
writeFileSync(out + '/_astro/page.js', '');
process.on('disconnect', () => process.exit(0));
process.stderr.write('[documents] 第一条警告\\n[documents] 第二条');
process.stderr.write('警告\\n');
if (process.env.FAKE_ASTRO_HANG) setInterval(() => {}, 1000);
else {
  writeFileSync(out + '/index.html', '<title>site</title>');
  process.send({ type: 'built', ok: true, stale: false, ms: 1 });
}
`;

describe('site builder', () => {
  const root = mkdtempSync(join(tmpdir(), 'wenku-site-builder-'));
  const projectRoot = join(root, 'project');
  const renderer = join(projectRoot, 'renderer.mjs');
  mkdirSync(projectRoot, { recursive: true });
  writeFileSync(renderer, FAKE_RENDERER);
  const after: SiteBuilder[] = [];
  afterAll(() => {
    for (const b of after) b.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('builds while requests keep coming (maximum wait), never more often than the minimum interval, and covers the last request', async () => {
    const site = join(root, 'a');
    const timings = { debounceMs: 100, maxWaitMs: 400, minIntervalMs: 300 };
    const log = new Lines();
    const started: number[] = [];
    const builder = new SiteBuilder({
      currentLink: join(site, 'current'),
      apiBase: '',
      projectRoot,
      renderer,
      log: (msg) => {
        if (msg === '站点开始构建') started.push(Date.now());
        log.add(`${msg} #${started.length}`);
      },
      ...timings,
    });
    after.push(builder);
    // a member saving every 30 ms: each request alone would postpone a debounced build for ever
    const saving = setInterval(() => builder.request('编辑'), 30);
    try {
      await log.next('站点开始构建 #3', { what: 'the third build to start while saves keep coming', timeout: 20_000 });
    } finally {
      clearInterval(saving);
    }
    const before = started.length;
    builder.request('最后一次编辑');
    await log.next(`站点开始构建 #${before + 1}`, { what: 'a build after the last request', timeout: 10_000 });
    // timers never fire early; 2 ms for the clock Date.now() reads
    for (let i = 1; i < started.length; i++)
      expect(started[i] - started[i - 1]).toBeGreaterThanOrEqual(timings.minIntervalMs - 2);
    await log.next('站点构建完成', { what: 'a build to finish' });
    expect(builder.hasSite()).toBe(true);
  }, 40_000);

  it('renders the whole site when another process marks it stale while it runs, once per marking', async () => {
    const site = join(root, 'c');
    const currentLink = join(site, 'current');
    const log = new Lines();
    const builder = new SiteBuilder({
      currentLink,
      apiBase: '',
      projectRoot,
      renderer,
      log: (m) => log.add(m),
      debounceMs: 10,
      minIntervalMs: 10,
    });
    after.push(builder);
    expect(await builder.build(0)).toBe(true);
    const stopWatch = builder.watchStale(20);
    try {
      // the operator CLI (`wenku config set system.sitename …`) in another process
      await new SiteFolder(currentLink).markStale();
      await waitFor(() => log.matching('站点构建完成').length === 2, { what: 'a second render, asked for by the marker' });
      expect(log.matching('数据在服务之外被修改')).toHaveLength(1);
      await waitFor(() => !existsSync(join(site, 'stale')), { what: 'the marker cleared by the render' });
      // the marking was rendered: nothing is left to ask for
      expect(await builder.buildIfStale()).toBe(false);
    } finally {
      stopWatch();
    }
  }, 20_000);

  it('tells the renderer’s warnings (its stderr) a line each, while the build still succeeds', async () => {
    const warnings: string[] = [];
    const currentLink = join(root, 'e', 'current');
    const builder = new SiteBuilder({
      currentLink,
      apiBase: '',
      projectRoot,
      renderer,
      log: () => {},
      warn: (m) => warnings.push(m),
    });
    after.push(builder);
    expect(await builder.build(0)).toBe(true);
    await waitFor(() => warnings.length >= 2, { what: 'both warning lines' });
    expect(warnings).toEqual(['渲染进程：[documents] 第一条警告', '渲染进程：[documents] 第二条警告']);
  }, 20_000);

  it('keeps a marking made while a render runs for the next render', async () => {
    const site = join(root, 'd');
    const currentLink = join(site, 'current');
    const folder = new SiteFolder(currentLink);
    const builder = new SiteBuilder({ currentLink, apiBase: '', projectRoot, renderer, log: () => {} });
    after.push(builder);
    expect(await builder.build(0)).toBe(true);
    const started = Date.now();
    // a marking older than the render's start is covered by it, a newer one is not
    writeFileSync(join(site, 'stale'), new Date(started + 60_000).toISOString());
    expect(await builder.build(started)).toBe(true);
    expect(folder.isStale()).toBe(true);
    writeFileSync(join(site, 'stale'), new Date(started - 1).toISOString());
    expect(await builder.build()).toBe(true);
    expect(folder.isStale()).toBe(false);
  }, 20_000);

  it('never keeps a build its process was killed in the middle of', async () => {
    const site = join(root, 'b');
    const currentLink = join(site, 'current');
    const builds = join(site, 'builds');
    const builder = new SiteBuilder({ currentLink, apiBase: '', projectRoot, renderer, log: () => {} });
    after.push(builder);
    expect(await builder.build()).toBe(true);
    const first = basename(readlinkSync(currentLink));

    const child = spawn(process.execPath, ['tests/server/support/site-build-child.ts', currentLink, projectRoot, renderer], {
      env: { ...process.env, FAKE_ASTRO_HANG: '1' },
      detached: true,
      stdio: 'ignore',
    });
    const exited = new Promise((r) => child.once('exit', r));
    const halfWritten = () =>
      readdirSync(builds).filter(
        (d) => existsSync(join(builds, d, '_astro/page.js')) && !existsSync(join(builds, d, 'index.html')),
      );
    try {
      await waitFor(() => halfWritten().length, { what: 'the child to start building', timeout: 20_000, interval: 30 });
    } finally {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    }
    expect(basename(readlinkSync(currentLink))).toBe(first);

    // the server starts again and builds
    const again = new SiteBuilder({ currentLink, apiBase: '', projectRoot, renderer, log: () => {} });
    after.push(again);
    expect(await again.build()).toBe(true);
    // only the served build stays (the disk of one copy)
    expect(halfWritten()).toEqual([]);
    expect(readdirSync(builds)).toEqual([basename(readlinkSync(currentLink))]);
    expect(existsSync(join(builds, basename(readlinkSync(currentLink)), 'index.html'))).toBe(true);
  }, 40_000);
});
