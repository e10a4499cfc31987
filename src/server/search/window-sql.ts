import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/db.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Execute } from './backend.ts';
import { backendFor } from './backends.ts';
import type { Term } from './terms.ts';
import type { WindowRead, WindowSpec } from './window.ts';
import { FIELD, ROW, WindowBuilder, type WindowTable } from './window-table.ts';

// The statements of window.ts: a window without a cap (display.max_search_pages 0) in one
// statement, and the item rows of a capped window that an order or condition needs.

/** One query of `(ref_id, rel, miss)`: the items holding all `terms`, or (relaxed) all but the one at `miss`. */
function matchedQuery(db: Database, spec: WindowSpec, terms: readonly Term[], relaxed: boolean): RawBuilder<unknown> {
  const backend = backendFor(db);
  if (!relaxed) return sql`select ref_id, rel, -1 as miss from (${backend.matches(spec.kind, terms)}) s`;
  const parts = terms.map(
    (_, i) =>
      sql`select ref_id, rel, ${sql.lit(i)} as miss from (${backend.matches(
        spec.kind,
        terms.filter((__, j) => j !== i),
      )}) ${sql.raw(`s${i}`)}`,
  );
  // an item in two of them holds every term: the strict search has it
  return sql`select ref_id, max(rel) as rel, min(miss) as miss from (${sql.join(parts, sql` union all `)}) u
    group by ref_id having count(*) = 1`;
}

/** The item columns a window carries (`t.<column>`, after `first`) and the conditions on its rows. */
function itemSql(spec: WindowSpec, first: readonly RawBuilder<unknown>[] = []) {
  return {
    cols: sql.join([...first, ...spec.columns.map((c) => sql`t.${sql.ref(c)}`)]),
    where: sql.join([...spec.visible, ...spec.where], sql` and `),
  };
}

/**
 * The statement reading a window: the matches with their facet rows (search_facets) and, only
 * when a condition or the order needs them, their item rows (visible ones only).
 */
function windowQuery(db: Database, spec: WindowSpec, matched: RawBuilder<unknown>): RawBuilder<Record<string, unknown>> {
  const pg = dialectOf(db) === 'postgres';
  // SQLite: CROSS JOIN keeps the matches as the outer loop, each row looked up by its key
  const join = pg ? sql`join` : sql`cross join`;
  const facets = sql`with matched as (${matched}) select m.ref_id as id, m.rel, m.miss, f.ext, f.language, f.cats
    from matched m ${join} search_facets f on f.kind = ${spec.kind} and f.ref_id = m.ref_id`;
  if (!spec.where.length && !spec.columns.length) return facets as RawBuilder<Record<string, unknown>>;
  const { cols, where } = itemSql(spec);
  return sql<Record<string, unknown>>`select w.*${spec.columns.length ? sql`, ${cols}` : sql``}
    from (${facets}) w ${join} ${sql.table(spec.table)} t on t.id = w.id where ${where}`;
}

const TEXT_COLUMNS = new Set(['ext', 'language', 'created_at']);

/**
 * The window as one string, a line per item, when it needs no item columns (the common case):
 * building a thousand row objects in the driver cost more than the statement that found them.
 */
function packedQuery(db: Database, windowSql: RawBuilder<Record<string, unknown>>): RawBuilder<{ packed: string | null }> {
  const line = sql`concat_ws(${FIELD}, w.id, w.rel, w.miss, coalesce(w.ext, ''), coalesce(w.language, ''), coalesce(w.cats, ''))`;
  return dialectOf(db) === 'postgres'
    ? sql`select string_agg(${line}, ${ROW}) as packed from (${windowSql}) w`
    : sql`select group_concat(${line}, ${ROW}) as packed from (${windowSql}) w`;
}

function fromPacked(packed: string | null): WindowTable {
  const table = new WindowBuilder();
  if (packed) {
    for (const line of packed.split(ROW)) {
      const [id, rel, miss, ext = '', language = '', cats = ''] = line.split(FIELD);
      table.add(Number(id), Number(rel), Number(miss), ext, language, cats);
    }
  }
  return table.build();
}

/** Item columns by their names, bigint columns as numbers (PostgreSQL's driver reads them as strings). */
function columnValues(r: Record<string, unknown>, columns: readonly string[]): Record<string, string | number | null> {
  const values: Record<string, string | number | null> = {};
  for (const c of columns) {
    const v = r[c];
    values[c] = typeof v === 'string' && !TEXT_COLUMNS.has(c) ? Number(v) : (v as string | number | null);
  }
  return values;
}

function fromRows(rows: readonly Record<string, unknown>[], columns: readonly string[]): WindowTable {
  const table = new WindowBuilder();
  for (const r of rows) {
    const values = columnValues(r, columns);
    table.add(
      Number(r.id),
      Number(r.rel),
      Number(r.miss),
      String(r.ext ?? ''),
      String(r.language ?? ''),
      String(r.cats ?? ''),
      values,
    );
  }
  return table.build();
}

/**
 * The item rows a window read tier by tier needs (an order by a column, a time range, an
 * uploader): one statement over the window's ids; the items it does not answer (out of view, or
 * failing a condition) leave the window, the rest keep their order.
 */
export function itemColumns(db: Database, spec: WindowSpec) {
  const pg = dialectOf(db) === 'postgres';
  const { cols, where } = itemSql(spec, [sql`t.id`]);
  const statement = (ids: readonly number[]) =>
    (pg
      ? sql<Record<string, unknown>>`select ${cols} from ${sql.table(spec.table)} t
          where t.id = any(${`{${ids.join(',')}}`}::int[]) and ${where}`
      : sql<Record<string, unknown>>`select ${cols} from json_each(${JSON.stringify(ids)}) j
          cross join ${sql.table(spec.table)} t on t.id = j.value where ${where}`
    ).compile(db);
  const { sql: text, parameters } = statement([]);
  return {
    key: `${text}\u0000${JSON.stringify(parameters.slice(1))}`,
    async read(exec: Execute, window: WindowTable): Promise<WindowTable> {
      const rows = window.size ? await exec<Record<string, unknown>>(statement([...window.id])) : [];
      const byId = new Map(rows.map((r) => [Number(r.id), columnValues(r, spec.columns)]));
      const out = new WindowBuilder();
      for (let i = 0; i < window.size; i++) {
        const values = byId.get(window.id[i]!);
        if (values)
          out.add(window.id[i]!, window.rel[i]!, window.miss[i]!, window.ext(i), window.language(i), window.cats(i), values);
      }
      return out.build();
    },
  };
}

/** A window without a cap: one statement of its matches with their facet rows and item columns. */
export function statementRead(db: Database, spec: WindowSpec, terms: readonly Term[], relaxed: boolean): WindowRead {
  const windowSql = windowQuery(db, spec, matchedQuery(db, spec, terms, relaxed));
  const packed = !spec.columns.length;
  const compiled = (packed ? packedQuery(db, windowSql) : windowSql).compile(db);
  return {
    key: `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`,
    run: (exec) =>
      exec<Record<string, unknown>>(compiled).then((rows) =>
        packed ? fromPacked((rows[0]?.packed as string | null) ?? null) : fromRows(rows, spec.columns),
      ),
  };
}
