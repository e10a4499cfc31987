/**
 * What an import copied and every problem it met, printed as progress lines while it runs and
 * as a final report. Problems never stop the import; each kind is listed with its first cases.
 */

export interface StepCount {
  label: string;
  /** rows (or files) found in moredoc */
  found: number;
  /** rows written (a dry run counts what it would write) */
  copied: number;
  /** rows left out (each one also a problem) */
  skipped: number;
  /** rows an earlier, interrupted or finished run of the same import already copied */
  earlier: number;
  /** `found` counts what this run looked at (files, texts), not rows in moredoc */
  checked?: boolean;
}

const SHOW_PER_KIND = 10;

export class ImportReport {
  readonly steps = new Map<string, StepCount>();
  private readonly problems = new Map<string, string[]>();
  readonly notices: string[] = [];
  private readonly tallies = new Map<string, number>();

  readonly dryRun: boolean;
  private readonly log: (line: string) => void;

  constructor(dryRun: boolean, log: (line: string) => void) {
    this.dryRun = dryRun;
    this.log = log;
  }

  step(name: string, label: string): StepCount {
    let s = this.steps.get(name);
    if (!s) this.steps.set(name, (s = { label, found: 0, copied: 0, skipped: 0, earlier: 0 }));
    return s;
  }

  /** A problem of a kind such as 缺少文件 or 用户名重复, with the case it was found in. */
  problem(kind: string, detail: string): void {
    const list = this.problems.get(kind) ?? [];
    list.push(detail);
    this.problems.set(kind, list);
  }

  notice(text: string): void {
    this.notices.push(text);
  }

  /** Counts a case that is fixed on the way, shown once as `<what>：<n>`. */
  tally(what: string, n = 1): void {
    this.tallies.set(what, (this.tallies.get(what) ?? 0) + n);
  }

  problemCount(kind?: string): number {
    if (kind) return this.problems.get(kind)?.length ?? 0;
    return [...this.problems.values()].reduce((n, l) => n + l.length, 0);
  }

  problemKinds(): string[] {
    return [...this.problems.keys()];
  }

  progress(line: string): void {
    this.log(line);
  }

  print(): void {
    const verb = this.dryRun ? '将复制' : '已复制';
    this.log('');
    this.log(this.dryRun ? '===== 预演报告（--dry-run：没有写入任何数据） =====' : '===== 导入报告 =====');
    for (const s of this.steps.values()) {
      const extra = (s.skipped ? `，跳过 ${s.skipped}` : '') + (s.earlier ? `（之前的运行已复制 ${s.earlier}）` : '');
      this.log(`  ${s.label}：${s.checked ? '本次检查' : 'moredoc 中'} ${s.found}，${verb} ${s.copied}${extra}`);
    }
    const notes = [...this.notices, ...[...this.tallies].map(([what, n]) => `${what}：${n}`)];
    if (notes.length) {
      this.log('');
      this.log('说明：');
      for (const n of notes) this.log(`  - ${n}`);
    }
    const total = this.problemCount();
    this.log('');
    if (!total) {
      this.log('没有发现问题。');
      return;
    }
    this.log(`发现 ${total} 个问题：`);
    for (const [kind, list] of this.problems) {
      this.log(`  【${kind}】${list.length} 处`);
      for (const d of list.slice(0, SHOW_PER_KIND)) this.log(`    - ${d}`);
      if (list.length > SHOW_PER_KIND) this.log(`    - ……另有 ${list.length - SHOW_PER_KIND} 处`);
    }
  }
}
