// One benchmark table: every figure with its anchor measured in the same run, the ratio and the
// goal. Sub-benchmarks print their rows as `BENCH_RESULT {json}` lines; `npm run bench` collects them.

export const RESULT_PREFIX = 'BENCH_RESULT ';

export interface BenchRow {
  /** e.g. 'SQLite', 'PostgreSQL', '静态文件' */
  group: string;
  figure: string;
  value: number;
  unit: string;
  anchor?: { name: string; value: number };
  /** higher is better (throughput) or lower (times) */
  higherIsBetter: boolean;
  /** the goal as text and as a test on value and ratio */
  goal?: { text: string; minRatio?: number; max?: number };
}

/** Performance relative to the anchor: above 1 is better than the anchor, whatever the unit. */
export const ratioOf = (r: BenchRow): number | undefined =>
  r.anchor && r.value > 0 && r.anchor.value > 0
    ? r.higherIsBetter
      ? r.value / r.anchor.value
      : r.anchor.value / r.value
    : undefined;

export function passOf(r: BenchRow): boolean | undefined {
  if (!r.goal || (r.goal.minRatio === undefined && r.goal.max === undefined)) return undefined;
  const ratio = ratioOf(r);
  if (r.goal.minRatio !== undefined && (ratio === undefined || ratio < r.goal.minRatio)) return false;
  if (r.goal.max !== undefined && r.value > r.goal.max) return false;
  return true;
}

export const emit = (row: BenchRow): void => console.log(RESULT_PREFIX + JSON.stringify(row));

const num = (n: number): string => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

/** A Markdown table, one section per group. */
export function formatTable(rows: BenchRow[]): string {
  const lines = [
    '| 分组 | 指标 | 数值 | 对照（同一次运行） | 比值 | 目标 | 结果 |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const ratio = ratioOf(r);
    const pass = passOf(r);
    lines.push(
      `| ${r.group} | ${r.figure} | ${num(r.value)} ${r.unit} | ${r.anchor ? `${r.anchor.name}：${num(r.anchor.value)} ${r.unit}` : '—'} | ` +
        `${ratio === undefined ? '—' : `${ratio.toFixed(2)}×`} | ${r.goal?.text ?? '—'} | ${pass === undefined ? '—' : pass ? '达标' : '未达标'} |`,
    );
  }
  return lines.join('\n');
}
