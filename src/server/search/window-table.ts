/**
 * A search window held in columns (typed arrays, and one list of the extension and language
 * names it holds): windows are kept for up to a minute (window.ts), and a thousand row objects
 * each kept that long cost the garbage collector more than finding them cost the database.
 * Rows are addressed by their index; `cats(i)` are row i's category ids.
 */
/** A window read as one string (window.ts, window-merge.ts): a line per item, its fields apart by FIELD. */
export const FIELD = '\t';
export const ROW = '\n';

interface Columns {
  id: Int32Array;
  rel: Int8Array;
  miss: Int8Array;
  extCode: Uint16Array;
  languageCode: Uint16Array;
  names: readonly string[];
  catStart: Int32Array;
  cat: Int32Array;
  columns: ReadonlyMap<string, ReadonlyArray<string | number | null>>;
}

export class WindowTable {
  readonly id: Int32Array;
  /** relevance tier (backend.ts TIER) */
  readonly rel: Int8Array;
  /** index of the query term the item lacks (a looser search, query.ts); -1: it holds every term */
  readonly miss: Int8Array;
  /** row i's category ids are cat[catStart[i]] … cat[catStart[i + 1] - 1] */
  readonly catStart: Int32Array;
  readonly cat: Int32Array;
  /** the item columns read for an order by a column, by name */
  readonly columns: ReadonlyMap<string, ReadonlyArray<string | number | null>>;
  private readonly extCode: Uint16Array;
  private readonly languageCode: Uint16Array;
  private readonly names: readonly string[];

  constructor(c: Columns) {
    this.id = c.id;
    this.rel = c.rel;
    this.miss = c.miss;
    this.catStart = c.catStart;
    this.cat = c.cat;
    this.columns = c.columns;
    this.extCode = c.extCode;
    this.languageCode = c.languageCode;
    this.names = c.names;
  }

  get size(): number {
    return this.id.length;
  }

  ext(i: number): string {
    return this.names[this.extCode[i]!]!;
  }

  language(i: number): string {
    return this.names[this.languageCode[i]!]!;
  }

  cats(i: number): number[] {
    return Array.from(this.cat.subarray(this.catStart[i], this.catStart[i + 1]));
  }
}

/** Builds a WindowTable row by row. */
export class WindowBuilder {
  private readonly ids: number[] = [];
  private readonly rels: number[] = [];
  private readonly misses: number[] = [];
  private readonly exts: number[] = [];
  private readonly languages: number[] = [];
  private readonly starts: number[] = [0];
  private readonly catIds: number[] = [];
  private readonly codes = new Map<string, number>();
  private readonly values = new Map<string, Array<string | number | null>>();

  get count(): number {
    return this.ids.length;
  }

  private code(name: string): number {
    let c = this.codes.get(name);
    if (c === undefined) this.codes.set(name, (c = this.codes.size));
    return c;
  }

  /** `cats`: comma-separated ids as search_facets keeps them, or the ids themselves (facet-columns.ts) */
  add(
    id: number,
    rel: number,
    miss: number,
    ext: string,
    language: string,
    cats: string | ArrayLike<number>,
    values?: Record<string, string | number | null>,
  ): void {
    this.ids.push(id);
    this.rels.push(rel);
    this.misses.push(miss);
    this.exts.push(this.code(ext));
    this.languages.push(this.code(language));
    if (typeof cats !== 'string') for (let k = 0; k < cats.length; k++) this.catIds.push(cats[k]!);
    else if (cats) for (const c of cats.split(',')) this.catIds.push(Number(c));
    this.starts.push(this.catIds.length);
    if (values)
      for (const name in values) {
        let list = this.values.get(name);
        if (!list) this.values.set(name, (list = []));
        list.push(values[name]!);
      }
  }

  /** Row `i` of another table. */
  copy(t: WindowTable, i: number): void {
    const values = Object.fromEntries([...t.columns].map(([name, list]) => [name, list[i] ?? null]));
    this.add(t.id[i]!, t.rel[i]!, t.miss[i]!, t.ext(i), t.language(i), t.cats(i).join(','), values);
  }

  build(): WindowTable {
    return new WindowTable({
      id: Int32Array.from(this.ids),
      rel: Int8Array.from(this.rels),
      miss: Int8Array.from(this.misses),
      extCode: Uint16Array.from(this.exts),
      languageCode: Uint16Array.from(this.languages),
      names: [...this.codes.keys()],
      catStart: Int32Array.from(this.starts),
      cat: Int32Array.from(this.catIds),
      columns: this.values,
    });
  }
}
