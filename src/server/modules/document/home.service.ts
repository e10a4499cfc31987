import type { Repos } from '../repos.ts';
import type { Document, DocumentHomeReply } from '../../../contract/document.ts';
import { STATUS } from './document.status.ts';
import { decorate, toDocument, type DocumentView } from './document.view.ts';

const RECOMMEND_MAX = 12;

const withCover = (r: DocumentView): Document => ({ ...toDocument(r), cover: `/view/cover/${r.hash}` });

/**
 * GET /document/home: the newest converted documents of every enabled top-level document
 * category (moredoc's `document` blocks, and the same as `category` blocks), plus the recommended ones.
 */
export async function homeDocuments(repos: Repos, limit: number, mask: (d: Document) => Document): Promise<DocumentHomeReply> {
  const lists = repos.documentList;
  const [blocks, recommend] = await Promise.all([
    lists.homeBlocks(limit),
    lists.list(
      { deleted: false, statuses: [STATUS.converted], recommended: true },
      { page: 1, size: RECOMMEND_MAX, defaultOrder: ['recommend_at', 'desc'], withTotal: false },
    ),
  ]);
  // every document with its category_id[], so the home page links to its own page, not a shell
  const all = [...new Map([...blocks.flatMap((b) => b.rows), ...recommend.rows].map((r) => [r.id, r])).values()];
  const decorated = new Map((await decorate(lists, all.map(withCover))).map((d) => [d.id, mask(d)]));
  const shown = (rows: DocumentView[]): Document[] => rows.map((r) => decorated.get(r.id)!);
  return {
    document: blocks.map((b) => ({
      category_id: b.id,
      category_name: b.title,
      category_cover: b.cover,
      document: shown(b.rows),
    })),
    recommend: shown(recommend.rows),
  };
}
