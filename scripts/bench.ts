// `npm run bench [-- --docs 100000] [--only lists,static,convert,build,search] [--dialect sqlite|postgres] [--keep-index] [--seconds 2]`
// Runs the benchmarks one after another, each in its own process, and prints one table: every
// figure with its anchor measured in the same run (bare Fastify, nginx, raw SQL, raw tools), the
// ratio and the goal. Lists and search run on SQLite, and on PostgreSQL too when DATABASE_URL is set
// (--dialect: on that one only; its table then goes to a file of its own).
// The table is also written to docs/bench-results.md, or docs/bench-results-<docs>.md at another size (generated: the machine, its load, the commit and the
// command line above the table; docs/performance.md explains the method). Benchmarks are not part of `npm test`.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { formatTable, passOf, RESULT_PREFIX, type BenchRow } from './bench/table.ts';

const argv = process.argv.slice(2);
const value = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const docs = value('docs') ?? '100000';
const only = value('only')?.split(',');
const dialect = value('dialect');

interface Step {
  key: string;
  label: string;
  args: string[];
  /** the database it runs on; PostgreSQL only when DATABASE_URL is set */
  on?: 'sqlite' | 'postgres';
}
const DATABASES = [
  { on: 'sqlite', name: 'SQLite', flags: [] },
  { on: 'postgres', name: 'PostgreSQL', flags: ['--postgres'] },
] as const;
/** A step run on each database, SQLite first. */
const onEach = (key: string, title: string, args: string[]): Step[] =>
  DATABASES.map(({ on, name, flags }) => ({ key, on, label: `${title}：${name}，${docs} 篇文档`, args: [...args, ...flags] }));
/** Whether a step runs: named by --only, and on a database that is there and that --dialect names. */
const wanted = (s: Step): boolean =>
  (!only || only.includes(s.key)) &&
  (!s.on || ((s.on === 'sqlite' || Boolean(process.env.DATABASE_URL)) && (!dialect || dialect === s.on)));
// --keep-index: the search steps bring the index up to date instead of building it (no build row)
const keepIndex = argv.includes('--keep-index') ? ['--keep-index'] : [];
// --first-only: the build step renders the site once, into a fresh folder (no in-place render)
const firstOnly = argv.includes('--first-only') ? ['--first-only'] : [];
// --seconds: each wrk run of the list step (its default lives in bench-lists.ts)
const wrkSeconds = value('seconds');
const seconds = wrkSeconds ? ['--seconds', wrkSeconds] : [];
const ALL_STEPS: Step[] = [
  ...onEach('lists', '列表', ['scripts/bench-lists.ts', '--docs', docs, ...seconds]),
  { key: 'static', label: '静态文件：预渲染页面与资源', args: ['scripts/bench-static.ts'] },
  { key: 'convert', label: '文档转换：100 页 PDF', args: ['scripts/bench-convert.ts', '100'] },
  { key: 'build', label: `整站渲染：${docs} 篇文档`, args: ['scripts/bench-build.ts', '--docs', docs, ...firstOnly] },
  ...onEach('search', '搜索', ['scripts/bench-search.ts', '--docs', docs, ...keepIndex]),
];
// a misspelt step or database would otherwise run nothing and still write an empty table
const keys = [...new Set(ALL_STEPS.map((s) => s.key))];
const unknown = only?.filter((k) => !keys.includes(k)) ?? [];
if (unknown.length) refuse(`--only 里没有这一步：${unknown.join('、')}（可选：${keys.join('、')}）`);
if (dialect && !DATABASES.some((d) => d.on === dialect)) refuse(`--dialect 只能是 sqlite 或 postgres，不是 ${dialect}`);
const steps = ALL_STEPS.filter(wanted);
if (!steps.length) refuse('没有要运行的步骤（PostgreSQL 的步骤需要设置 DATABASE_URL）');

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

function run(args: string[]): Promise<{ rows: BenchRow[]; ok: boolean }> {
  return new Promise((done) => {
    const rows: BenchRow[] = [];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let rest = '';
    child.stdout.on('data', (d: Buffer) => {
      const lines = (rest + d.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith(RESULT_PREFIX)) rows.push(JSON.parse(line.slice(RESULT_PREFIX.length)) as BenchRow);
        else console.log(line);
      }
    });
    child.on('close', (code) => done({ rows, ok: code === 0 }));
  });
}

const started = new Date();
const load = loadavg()[0].toFixed(1);
const rows: BenchRow[] = [];
const failed: string[] = [];
for (const { label, args } of steps) {
  console.log(`\n== ${label}`);
  const r = await run(args);
  rows.push(...r.rows);
  if (!r.ok) failed.push(label);
}

const cpu = cpus();
let os: string = process.platform;
try {
  os = /PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? os;
} catch {
  /* not Linux */
}
const machine =
  `${cpu[0]?.model.trim() ?? 'CPU'}，${cpu.length} 核，内存 ${(totalmem() / 2 ** 30).toFixed(0)} GB，${os}，Node ${process.versions.node}；` +
  `开始时 1 分钟平均负载 ${load}，结束时 ${loadavg()[0].toFixed(1)}`;
const table = formatTable(rows);
const misses = rows.filter((r) => passOf(r) === false).length;
const git = (...args: string[]) => {
  try {
    return execFileSync('git', args, { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};
const commit = `${git('rev-parse', '--short', 'HEAD') || '未知'}${git('status', '--porcelain', '--untracked-files=no') ? '（另有未提交的改动）' : ''}`;
const summary = `${rows.length} 项，${misses} 项未达标${failed.length ? `；失败的步骤：${failed.join('、')}` : ''}`;
const report = `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC，${machine}\n\n${table}\n`;
console.log(`\n${report}`);
console.log(summary);
// the default size's table is docs/bench-results.md; another size's beside it, named by its size,
// and a run on one dialect's, or of one step, by that dialect or step too (it does not replace the wider table)
const part = [docs === '100000' ? '' : docs, dialect ?? '', only?.length === 1 ? only[0] : ''].filter(Boolean);
const resultsFile = `docs/bench-results${part.map((p) => `-${p}`).join('')}.md`;
writeFileSync(
  resultsFile,
  `# 最近一次基准测试结果\n\n` +
    `> 由 \`npm run bench\` 生成（scripts/bench.ts），请勿手工编辑。测量方法与各项目标见 [performance.md](performance.md)。\n\n` +
    `- 命令：\`npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}\`\n- 提交：${commit}\n- 机器：${machine}\n- 结果：${summary}\n\n${table}\n`,
);
process.exit(failed.length ? 1 : 0);
