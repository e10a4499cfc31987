import type { Repos } from '../repos.ts';
import { HOME_FIELDS, type DocumentHomeReply, type HomeDocument } from '../../../contract/document.ts';
import type { HomeEntry } from './home.repo.ts';
import { DOCUMENT_COLUMNS, pickFields, type DocumentColumn } from './document.view.ts';

const RECOMMEND_MAX = 12;

type WireColumn = Exclude<DocumentColumn, 'hash'>;
const ASKABLE = new Set<string>(DOCUMENT_COLUMNS.filter((c) => c !== 'hash'));

/** What a home answer carries: moredoc's fields, the columns `field[]` adds, and whether `username` was asked. */
export function homeFields(field: readonly string[] = []): { columns: WireColumn[]; username: boolean } {
  const asked = field.filter((f): f is WireColumn => ASKABLE.has(f));
  return { columns: [...new Set<WireColumn>([...HOME_FIELDS, ...asked])], username: field.includes('username') };
}

/**
 * GET /document/home: the newest converted documents of every enabled top-level document
 * category (moredoc's `document` blocks), plus the recommended ones. Like moredoc, a document comes
 * with `id,title,ext,uuid,pages` and its cover unless `field[]` asks for more: the home page shows
 * little of each, and the full documents made this answer the largest list of the site.
 */
export async function homeDocuments(
  repos: Repos,
  limit: number,
  field: readonly string[] | undefined,
  mask: (d: HomeDocument) => HomeDocument,
): Promise<DocumentHomeReply> {
  const { columns, username } = homeFields(field);
  const present = (e: HomeEntry): HomeDocument =>
    mask({
      ...(pickFields(e.row, columns) as HomeDocument),
      cover: `/view/cover/${e.row.hash}`,
      category_id: e.categoryIds,
      ...(username ? { username: e.username ?? '' } : {}),
    });
  const [blocks, recommend] = await Promise.all([
    repos.home.blocks(limit, columns, username),
    repos.home.recommended(RECOMMEND_MAX, columns, username),
  ]);
  return {
    document: blocks.map((b) => ({
      category_id: b.id,
      category_name: b.title,
      category_cover: b.cover,
      document: b.documents.map(present),
    })),
    recommend: recommend.map(present),
  };
}
