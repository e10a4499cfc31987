import type { Repos } from '../repos.ts';
import { HOME_FIELDS, type DocumentHomeReply, type HomeDocument } from '../../../contract/document.ts';
import { STATUS } from './document.status.ts';
import type { Decorations, HomeDocumentRow } from './document-list.repo.ts';
import { DOCUMENT_COLUMNS, pathOrder, pickFields, type DocumentColumn } from './document.view.ts';

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
  const lists = repos.documentList;
  const { columns, username } = homeFields(field);
  const present = (rows: HomeDocumentRow[], { links, names }: Decorations): HomeDocument[] => {
    const linksOf = Map.groupBy(links, (l) => l.document_id);
    return rows.map((r) =>
      mask({
        ...(pickFields(r, columns) as HomeDocument),
        cover: `/view/cover/${r.hash}`,
        category_id: pathOrder(linksOf.get(r.id) ?? []).map((c) => c.id),
        ...(username ? { username: names.get(r.user_id ?? 0) ?? '' } : {}),
      }),
    );
  };
  // the blocks come with their category links and names; the dozen recommended documents wait
  // for one more round trip, side by side with them
  const [blocks, recommend] = await Promise.all([
    lists.homeBlocks(limit, columns, username).then(({ blocks: all, known }) =>
      all.map((b) => ({ ...b, document: present(b.rows, known) })),
    ),
    lists
      .list(
        { deleted: false, statuses: [STATUS.converted], recommended: true },
        { page: 1, size: RECOMMEND_MAX, defaultOrder: ['recommend_at', 'desc'], withTotal: false },
      )
      .then(async ({ rows }) => {
        if (!rows.length) return [];
        const users = username ? [...new Set(rows.map((r) => r.user_id))] : [];
        return present(rows, await lists.decorations(rows.map((r) => r.id), users));
      }),
  ]);
  return {
    document: blocks.map((b) => ({ category_id: b.id, category_name: b.title, category_cover: b.cover, document: b.document })),
    recommend,
  };
}
