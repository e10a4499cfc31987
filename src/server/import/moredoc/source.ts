import mysql, { type Connection, type RowDataPacket } from 'mysql2/promise';

export type Row = Record<string, unknown>;

/** Reads a moredoc database (MySQL/MariaDB). Tables are named `<prefix><name>`; moredoc hard-codes `mnt_`. */
export class MoredocSource {
  private columnsCache = new Map<string, Set<string>>();
  private readonly conn: Connection;
  readonly prefix: string;
  readonly database: string;

  private constructor(conn: Connection, prefix: string, database: string) {
    this.conn = conn;
    this.prefix = prefix;
    this.database = database;
  }

  /** `mysql://user:pass@host:3306/db`. Dates arrive as text (naive local time, see time.ts). */
  static async open(url: string, prefix: string): Promise<MoredocSource> {
    if (!/^[A-Za-z0-9_]*$/.test(prefix)) throw new Error(`表前缀只能包含字母、数字和下划线：${prefix}`);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`--mysql 地址格式不正确，应为 mysql://用户:密码@主机:3306/数据库`);
    }
    if (!/^(mysql|mariadb):$/.test(parsed.protocol)) throw new Error('--mysql 地址应以 mysql:// 开头');
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    if (!database) throw new Error('--mysql 地址缺少数据库名，例如 mysql://root:密码@127.0.0.1:3306/moredoc');
    let conn: Connection;
    try {
      conn = await mysql.createConnection({
        host: parsed.hostname || '127.0.0.1',
        port: Number(parsed.port || 3306),
        user: decodeURIComponent(parsed.username),
        password: decodeURIComponent(parsed.password),
        database,
        charset: 'utf8mb4',
        dateStrings: true,
        supportBigNumbers: true,
        decimalNumbers: true,
        connectTimeout: 10_000,
      });
    } catch (err) {
      throw new Error(
        `无法连接 moredoc 数据库（${parsed.hostname}:${parsed.port || 3306}/${database}）：${(err as Error).message}`,
        { cause: err },
      );
    }
    const source = new MoredocSource(conn, prefix, database);
    if (!(await source.hasTable('user')) || !(await source.hasTable('document'))) {
      await conn.end();
      throw new Error(
        `数据库 ${database} 中没有 ${prefix}user / ${prefix}document 表：这不是 moredoc 的数据库，或表前缀不对（--prefix）`,
      );
    }
    return source;
  }

  /** Where this source is, for the import state (no password). */
  get key(): string {
    const c = this.conn.config;
    return `moredoc://${c.host}:${c.port}/${this.database}/${this.prefix}`;
  }

  table(name: string): string {
    return this.conn.escapeId(`${this.prefix}${name}`);
  }

  async query<T extends Row = Row>(sqlText: string, params: unknown[] = []): Promise<T[]> {
    const [rows] = await this.conn.query<RowDataPacket[]>(sqlText, params);
    return rows as unknown as T[];
  }

  /** Column names of a table (upgraded sites may lack newer columns or keep legacy ones). */
  async columns(name: string): Promise<Set<string>> {
    let cols = this.columnsCache.get(name);
    if (!cols) {
      const rows = await this.query<{ c: string }>(
        'select column_name as c from information_schema.columns where table_schema = ? and table_name = ?',
        [this.database, `${this.prefix}${name}`],
      );
      cols = new Set(rows.map((r) => String(r.c)));
      this.columnsCache.set(name, cols);
    }
    return cols;
  }

  async hasTable(name: string): Promise<boolean> {
    return (await this.columns(name)).size > 0;
  }

  async count(name: string, where = ''): Promise<number> {
    if (!(await this.hasTable(name))) return 0;
    const [row] = await this.query<{ n: number }>(
      `select count(*) as n from ${this.table(name)}${where ? ` where ${where}` : ''}`,
    );
    return Number(row?.n ?? 0);
  }

  /** Rows with id > afterId in id order, `size` at a time (keyset paging: stable while the site runs). */
  async *batches(name: string, afterId: number, size: number): AsyncGenerator<Row[]> {
    if (!(await this.hasTable(name))) return;
    let last = afterId;
    for (;;) {
      const rows = await this.query(`select * from ${this.table(name)} where id > ? order by id limit ?`, [last, size]);
      if (!rows.length) return;
      yield rows;
      last = Number(rows[rows.length - 1].id);
      if (rows.length < size) return;
    }
  }

  async close(): Promise<void> {
    await this.conn.end();
  }
}

/** Typed readers for a loosely typed row: NULLs and missing (legacy) columns get the column's default. */
export const str = (r: Row, k: string, fallback = ''): string => (r[k] === null || r[k] === undefined ? fallback : String(r[k]));
export const int = (r: Row, k: string, fallback = 0): number => {
  const v = r[k];
  if (v === null || v === undefined || v === '') return fallback;
  const n = Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
};
export const bool = (r: Row, k: string, fallback = 0): number => {
  const v = r[k];
  if (v === null || v === undefined) return fallback;
  return Number(v) ? 1 : 0;
};
