import { createHash } from 'node:crypto';
import type { SiteTable } from './tables.ts';

/**
 * A table's content as one checksum that does not depend on row order (SQLite and PostgreSQL sort
 * text keys differently): the XOR of each row's SHA-256, the row written as the JSON array of its
 * values in column-name order. Rows are unique by their primary key, so no two cancel out.
 */
export class TableSum {
  private readonly acc = Buffer.alloc(32);
  rows = 0;
  private readonly columns: string[];

  constructor(table: Pick<SiteTable, 'columns'>) {
    this.columns = table.columns;
  }

  add(row: Record<string, unknown>): void {
    const values = this.columns.map((c) => plain(row[c]));
    const digest = createHash('sha256').update(JSON.stringify(values)).digest();
    for (let i = 0; i < 32; i++) this.acc[i]! ^= digest[i]!;
    this.rows++;
  }

  get hex(): string {
    return this.acc.toString('hex');
  }
}

/** One spelling of a value across drivers: bigints and numbers alike, bytes as hex. */
function plain(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Uint8Array) return Buffer.from(v).toString('hex');
  return v;
}

/** What a copy or a backup records of each table. */
export type TableSums = Record<string, { rows: number; checksum: string }>;
