import { memberReason } from '../../convert/member-reason.ts';
import type { DocumentRow } from '../../db/schema.ts';
import type { ConfigStore } from '../config/config.store.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';
import { documentItem, type Document } from '../../../contract/document.ts';

/** Fields of the wire document that no column holds: joined or worked out when it is presented. */
const NOT_COLUMNS = [
  'username',
  'cover',
  'category_id',
  'category',
  'attachment',
  'user',
  'content',
  'deleted_username',
] as const;
type WireColumn = Exclude<keyof Document, (typeof NOT_COLUMNS)[number]>;
const isColumn = (k: string): k is WireColumn => !(NOT_COLUMNS as readonly string[]).includes(k);

/**
 * Columns of a document row read for the wire: the wire document's own fields (contract
 * documentItem) and the file hash the cover is found by. Queue bookkeeping and the attachment id
 * stay inside.
 */
export const DOCUMENT_COLUMNS = [
  ...Object.keys(documentItem.shape).filter(isColumn),
  'hash',
] as const satisfies readonly (keyof DocumentRow)[];

export type DocumentColumn = (typeof DOCUMENT_COLUMNS)[number];
export type DocumentView = Pick<DocumentRow, DocumentColumn>;

export function toDocument(r: DocumentView): Document {
  const { hash, ...rest } = r;
  return { ...rest, enable_gzip: Boolean(r.enable_gzip), is_vip: Boolean(r.is_vip), attachment: { hash } };
}

/** The named columns of a row as wire fields (flags stored as integers become booleans). */
export function pickFields(r: Partial<DocumentView>, columns: readonly Exclude<DocumentColumn, 'hash'>[]): Partial<Document> {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c] = c === 'enable_gzip' || c === 'is_vip' ? Boolean(r[c]) : r[c];
  return out as Partial<Document>;
}

/**
 * A conversion failure as its uploader reads it: plain words and what to do (convert/member-reason.ts);
 * holders of the document permissions see the technical reason whole.
 */
export const publicConvertError = (reason: string): string => memberReason(reason);

export const withPublicConvertError = (d: Document): Document =>
  d.convert_error ? { ...d, convert_error: publicConvertError(d.convert_error) } : d;

/** What decorate() adds to documents: their category links (with the linked categories) and the names of users. */
export interface Decorations {
  links: Array<{ document_id: number; id: number; title: string; parent_id: number }>;
  names: Map<number, string>;
}

/** Where decorate() reads the decorations a list did not bring (DocumentListRepo). */
export interface DecorationSource {
  decorations(docIds: number[]): Promise<Decorations>;
}

export interface DecorateOptions {
  /** also the `category[]` chain (id, title, parent_id) */
  categories?: boolean;
  /** what DocumentListRepo.decorations() would read, when the list brought it (DocumentListRepo.list) */
  known?: Decorations;
}

/** A document's categories from the top down: by depth inside the linked set, then by id. */
export function pathOrder<L extends { id: number; parent_id: number }>(links: L[]): L[] {
  const byId = new Map(links.map((l) => [l.id, l]));
  const depth = (l: L, seen = 0): number => {
    const parent = byId.get(l.parent_id);
    return parent && seen < links.length ? depth(parent, seen + 1) + 1 : 0;
  };
  return links
    .map((l) => ({ l, d: depth(l) }))
    .sort((x, y) => x.d - y.d || x.l.id - y.l.id)
    .map((x) => x.l);
}

/** Adds `username`, `deleted_username`, `category_id[]` (and `category[]`): from what a list read with its rows, else one query (DocumentListRepo.decorations). */
export async function decorate(lists: DecorationSource, docs: Document[], opts: DecorateOptions = {}): Promise<Document[]> {
  if (!docs.length) return docs;
  const { links, names } = opts.known ?? (await lists.decorations(docs.map((d) => d.id)));
  const linksOf = Map.groupBy(links, (l) => l.document_id);
  return docs.map((d) => {
    const own = pathOrder((linksOf.get(d.id) ?? []).map(({ id, title, parent_id }) => ({ id, title, parent_id })));
    return {
      ...d,
      username: names.get(d.user_id) ?? '',
      deleted_username: names.get(d.deleted_user_id) ?? '',
      category_id: own.map((c) => c.id),
      ...(opts.categories ? { category: own } : {}),
    };
  });
}

/** A document's counters visitors may be kept from seeing, each with the display setting that shows it. */
const COUNTER_SHOWN_BY = {
  view_count: 'show_document_view_count',
  download_count: 'show_document_download_count',
  favorite_count: 'show_document_favorite_count',
} as const satisfies Partial<Record<keyof Document, keyof typeof SETTINGS.display>>;

export type HiddenCounts = readonly (keyof typeof COUNTER_SHOWN_BY)[];

/** Which counters the display settings hide from visitors. */
export async function hiddenCounts(settings: ConfigStore): Promise<HiddenCounts> {
  const display = await settings.group(SETTINGS.display);
  return (Object.keys(COUNTER_SHOWN_BY) as (keyof typeof COUNTER_SHOWN_BY)[]).filter((c) => !display[COUNTER_SHOWN_BY[c]]);
}

/** Zeroes the hidden counters a document carries (a partial one may carry none). */
export function maskCounts<D extends Partial<Pick<Document, HiddenCounts[number]>>>(d: D, hidden: HiddenCounts): D {
  const out = { ...d };
  for (const counter of hidden) if (out[counter] !== undefined) out[counter] = 0;
  return out;
}
