/**
 * The highest number up to which every row of a numbered log has been read, for a reader that reads
 * `seq > floor` again and again (facet-store.ts, local-copy.ts). A PostgreSQL writer takes its
 * number before it commits, so a number below one already seen can still appear: a reading that
 * starts at R trusts only what it makes sure of, the numbers seen by readings that started `settleMs`
 * before R or earlier (all of them committed by then).
 */
export class SettledFloor {
  /** every number up to here was read */
  floor: number;
  /** readings (start time, highest number seen), oldest first, for moving the floor */
  private marks: Array<{ at: number; seq: number }> = [];
  private readonly settleMs: number;

  constructor(settleMs: number, floor = -1) {
    this.settleMs = settleMs;
    this.floor = floor;
  }

  /** Starts afresh at `floor`, as of a reading that started at `at`. */
  reset(floor: number, at: number): void {
    this.floor = floor;
    this.marks = [{ at, seq: floor }];
  }

  /** A reading that started at `at` saw every number up to `seen`; answers whether the floor moved. */
  note(at: number, seen: number): boolean {
    this.marks.push({ at, seq: seen });
    const sure = this.marks.filter((m) => m.at <= at - this.settleMs);
    if (!sure.length) return false;
    const before = this.floor;
    this.floor = Math.max(this.floor, ...sure.map((m) => m.seq));
    this.marks = [sure[sure.length - 1]!, ...this.marks.filter((m) => m.at > at - this.settleMs)];
    return this.floor !== before;
  }
}
