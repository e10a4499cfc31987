import type { WindowBuilder } from './window-table.ts';

/**
 * The facet rows of one kind of item (search_facets: extension, language, category ids) held in
 * typed arrays indexed by the item's id: about 21 bytes an item, 21 MB at a million documents,
 * where a map of row objects or strings cost four times that. Names (extensions, languages) are
 * coded through one shared list; code 0 means "no row held".
 */

/** Category ids held in the arrays themselves; an item in more categories keeps them in `more`. */
const INLINE_CATS = 4;
/**
 * Ids are dense (autoincrement), but one far out (an import, a hand-made row) must not size the
 * arrays: an id past twice the rows held plus this many is not held, and is read from the database.
 */
const SPARE_IDS = 1 << 20;

export class FacetNames {
  readonly list: string[] = [''];
  private readonly codes = new Map<string, number>([['', 0]]);

  /** The code of a name; 1 and up, so that 0 can stand for "absent". */
  code(name: string): number {
    let c = this.codes.get(name);
    if (c === undefined) {
      c = this.list.length;
      this.list.push(name);
      this.codes.set(name, c);
    }
    return c;
  }
}

export class FacetColumns {
  /** ext code + 1: 0 is "no row" */
  private ext = new Uint16Array(0);
  private language = new Uint16Array(0);
  private catCount = new Uint8Array(0);
  private cats = new Int32Array(0);
  private readonly more = new Map<number, number[]>();
  private readonly names: FacetNames;
  private held = 0;

  constructor(names: FacetNames) {
    this.names = names;
  }

  private grow(id: number): void {
    if (id < this.ext.length) return;
    const size = Math.max(1024, id + 1, this.ext.length * 2);
    const wider = <A extends Uint16Array | Uint8Array | Int32Array>(a: A, n: number): A => {
      const b = new (a.constructor as new (n: number) => A)(n);
      b.set(a);
      return b;
    };
    this.ext = wider(this.ext, size);
    this.language = wider(this.language, size);
    this.catCount = wider(this.catCount, size);
    this.cats = wider(this.cats, size * INLINE_CATS);
  }

  /** Holds item `id`'s row (`cats`: comma-separated ids, as search_facets keeps them). */
  set(id: number, ext: string, language: string, cats: string): void {
    if (id < 0 || id >= 2 * this.held + SPARE_IDS) return;
    this.grow(id);
    if (this.ext[id] === 0) this.held++;
    this.ext[id] = this.names.code(ext) + 1;
    this.language[id] = this.names.code(language);
    const ids = cats ? cats.split(',').map(Number) : [];
    this.catCount[id] = Math.min(ids.length, 255);
    this.more.delete(id);
    if (ids.length > INLINE_CATS) this.more.set(id, ids);
    else for (const [k, c] of ids.entries()) this.cats[id * INLINE_CATS + k] = c;
  }

  has(id: number): boolean {
    return id >= 0 && id < this.ext.length && this.ext[id] !== 0;
  }

  /** Adds item `id` (held) to a window being built. */
  addTo(table: WindowBuilder, id: number, rel: number, miss = -1): void {
    const n = this.catCount[id]!;
    const cats = this.more.get(id) ?? this.cats.subarray(id * INLINE_CATS, id * INLINE_CATS + n);
    table.add(id, rel, miss, this.names.list[this.ext[id]! - 1]!, this.names.list[this.language[id]!]!, cats);
  }
}
