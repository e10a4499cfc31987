// Full-render benchmark: node scripts/bench-build.ts [--docs 100000] [--first-only]
// Renders the whole static site of the generated data set (scripts/bench/dataset.ts) the way the
// server does (SiteBuilder and its renderer process, reading a server started on that database):
// first into a fresh folder, as at a site's first start, then again in place over the served site,
// as after a settings change, with the oldest tenth of its document pages as the long tail (pages readers
// asked for past the pre-rendered ones, rendered again in batches after the rest). Reports the time of
// each, the long tail's time a page against the whole render's, the disk peak of the in-place render
// as a multiple of one copy of the site, and the memory of the server plus the renderer. Then the
// server as `npm start` runs it keeps that site current: an edited document until its page shows it
// (scripts/bench/edit-live.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MAX_PRERENDERED_DOCUMENTS } from '../src/build/documents.ts';
import { SiteBuilder, type SiteBuilderOptions } from '../src/server/site/site.builder.ts';
import { editToLive } from './bench/edit-live.ts';
import { startBenchServer } from './bench/http.ts';
import { childrenRssMb } from './bench/memory.ts';
import { benchBuildToken, benchDatabase, benchPublicDocumentIds } from './bench/prepare.ts';
import { emit } from './bench/table.ts';

const argv = process.argv.slice(2);
const i = argv.indexOf('--docs');
const docs = i >= 0 ? Number(argv[i + 1]) : 100_000;
// --first-only: no second, in-place render (at 1,000,000 documents each is about an hour)
const firstOnly = argv.includes('--first-only');
const group = `整站渲染 ${docs} 篇`;
const log = (m: string) => console.log(`[build] ${m}`);
// the goal: 100,000 documents in 10 minutes, i.e. 6 ms a document
const timeGoal = { text: '≤ 10 分钟 / 10 万篇', max: (600 * docs) / 100_000 };
/** Of the pre-rendered documents, the oldest share the in-place render holds as long tail. */
const LONG_TAIL_SHARE = 0.1;
/** The full-render log line's long-tail part (site.full-build.ts). */
const LONG_TAIL_LINE = /原地渲染 (\d+) 页（其中按需生成的文档页 (\d+) 页，用时 ([\d.]+) 秒）/;

// du exits 1 when a file it listed is renamed away before it reads it (pages are replaced while it walks)
const megabytes = (dir: string): number => Number(spawnSync('du', ['-sm', dir], { encoding: 'utf8' }).stdout.split('\t')[0]);
/**
 * MB in use on the file system holding `dir`: one call, where walking 270,000 files with du every few
 * seconds took a core from the render it measures. Peaks are taken against the reading before a render.
 */
const usedMb = (dir: string): number => {
  const s = statfsSync(dir);
  return ((s.blocks - s.bfree) * s.bsize) / 2 ** 20;
};

/**
 * Runs `work` while sampling memory and the disk in use every second; the peaks. `disk` is the most
 * the file system held beyond its state before the render (other writers on it count too).
 */
async function sampled(root: string, work: () => Promise<boolean>) {
  let rss = 0;
  const before = usedMb(root);
  let disk = before;
  const timer = setInterval(() => {
    rss = Math.max(rss, childrenRssMb());
    disk = Math.max(disk, usedMb(root));
  }, 1000);
  const t0 = performance.now();
  try {
    const ok = await work();
    if (!ok) throw new Error('整站渲染失败');
    return { seconds: (performance.now() - t0) / 1000, rss, extraDisk: Math.max(disk, usedMb(root)) - before };
  } finally {
    clearInterval(timer);
  }
}

/** The rendered site kept current by a running server: how soon an edited document is live on its page. */
async function editRows(url: string, dataDir: string): Promise<void> {
  const edit = await editToLive(url, dataDir);
  const slowest = Math.max(...edit.seconds);
  log(
    `改名到页面更新：${edit.seconds.map((s) => s.toFixed(2)).join('、')} s（渲染进程自己每批 ${edit.renderSeconds.join('、')} s）；渲染进程就绪 ${edit.warmSeconds.toFixed(0)} s`,
  );
  emit({
    group,
    figure: `改动一篇文档到它的页面更新（管理员改名，${edit.seconds.length} 次中最慢的一次）`,
    value: slowest,
    unit: 's',
    higherIsBetter: false,
    goal: { text: '≤ 10 s', max: 10 },
  });
  log(`长尾文档页（最早的一篇）：第一次请求到服务器发出静态页面 ${edit.longTailSeconds.toFixed(2)} s`);
  emit({
    group,
    figure: '没有预渲染的文档页：第一次请求（先发外壳页面）到服务器发出它的静态页面',
    value: edit.longTailSeconds,
    unit: 's',
    higherIsBetter: false,
    goal: { text: '≤ 10 s', max: 10 },
  });
  emit({ group, figure: '服务器启动到增量渲染就绪', value: edit.warmSeconds, unit: 's', higherIsBetter: false });
  emit({ group, figure: '增量渲染时的内存（服务器 + 渲染进程）', value: edit.rssMb, unit: 'MB', higherIsBetter: false });
}

/** The long-tail row: its pages' time each, against the whole in-place render's (compiling included). */
function longTailRow(line: string | undefined, seconds: number): void {
  const m = LONG_TAIL_LINE.exec(line ?? '');
  if (!m) throw new Error(`原地整站渲染的日志里没有按需生成的文档页：${line}`);
  const [pages, tailPages, tailSeconds] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [tailMs, pageMs] = [(1000 * tailSeconds) / tailPages, (1000 * seconds) / pages];
  log(
    `其中按需生成的文档页 ${tailPages} 页 ${tailSeconds.toFixed(0)} s，每页 ${tailMs.toFixed(1)} ms；整站每页 ${pageMs.toFixed(1)} ms`,
  );
  emit({
    group,
    figure: `原地整站渲染中按需生成的文档页（${tailPages} 页，每批 240 篇）：每页用时`,
    value: tailMs,
    unit: 'ms',
    anchor: { name: '整站每页平均（含编译）', value: pageMs },
    higherIsBetter: false,
  });
}

/**
 * The whole site rendered again over the served one (a settings change), the oldest tenth of its
 * document pages past the pre-rendered ones and recorded as long tail: time and disk peak.
 */
async function renderInPlace(options: SiteBuilderOptions, size: number, url: string) {
  // the documents the first render pre-rendered (the newest, up to the cap): the same pages again
  const prerendered = (await benchPublicDocumentIds(url)).slice(-MAX_PRERENDERED_DOCUMENTS);
  const tail = prerendered.slice(0, Math.round(prerendered.length * LONG_TAIL_SHARE));
  const lines: string[] = [];
  const builder = new SiteBuilder({
    ...options,
    prerenderDocuments: prerendered.length - tail.length,
    longTailDocuments: async () => tail,
    log: (m) => {
      lines.push(m);
      log(m);
    },
  });
  const again = await sampled(work, () => builder.build()).finally(() => builder.stop());
  const peak = size + again.extraDisk;
  log(
    `原地整站渲染 ${again.seconds.toFixed(0)} s，磁盘峰值 ${peak.toFixed(0)} MB（站点 ${size} MB，渲染中最多多用 ${again.extraDisk.toFixed(0)} MB）`,
  );
  emit({
    group,
    figure: `原地整站渲染（已有站点，设置改动后；最早的 ${tail.length} 篇为按需生成的文档页）`,
    value: again.seconds,
    unit: 's',
    higherIsBetter: false,
    goal: timeGoal,
  });
  longTailRow(
    lines.find((l) => LONG_TAIL_LINE.test(l)),
    again.seconds,
  );
  emit({
    group,
    figure: '原地整站渲染：磁盘峰值 / 一份站点',
    value: peak / size,
    unit: '×',
    higherIsBetter: false,
    goal: { text: '≤ 1.1×', max: 1.1 },
  });
  return again;
}

const work = mkdtempSync(join(tmpdir(), 'wenku-bench-build-'));
try {
  const url = await benchDatabase('sqlite', docs, log);
  const api = await startBenchServer(url, work, join(work, 'none'));
  const root = join(work, 'site');
  const options: SiteBuilderOptions = {
    currentLink: join(root, 'current'),
    apiBase: api.base,
    buildToken: await benchBuildToken(url),
    projectRoot: resolve('.'),
    log,
  };
  const builder = new SiteBuilder(options);
  try {
    const first = await sampled(work, () => builder.build(0));
    const served = realpathSync(join(root, 'current'));
    const size = megabytes(served);
    const pages = Number(execFileSync('sh', ['-c', `find '${served}' -name '*.html' | wc -l`], { encoding: 'utf8' }));
    log(`首次整站渲染 ${first.seconds.toFixed(0)} s，${pages} 个页面，站点 ${size} MB（含 br/gz 副本）`);
    emit({
      group,
      figure: `首次整站渲染（${pages} 个页面，新目录）`,
      value: first.seconds,
      unit: 's',
      higherIsBetter: false,
      goal: timeGoal,
    });

    emit({
      group,
      figure: `站点大小（含 br/gz 副本；每篇文档 ${((size * 1024) / docs).toFixed(1)} kB）`,
      value: size,
      unit: 'MB',
      higherIsBetter: false,
    });
    // the first render's renderer holds the whole catalogue: it goes before the next one starts
    builder.stop();
    const again = firstOnly ? null : await renderInPlace(options, size, url);
    emit({
      group,
      figure: '整站渲染：内存峰值（API 服务器 + 渲染进程）',
      value: Math.max(first.rss, again?.rss ?? 0),
      unit: 'MB',
      higherIsBetter: false,
    });
  } finally {
    builder.stop();
    await api.stop();
  }
  await editRows(url, work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
