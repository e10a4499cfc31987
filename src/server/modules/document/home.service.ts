import type { Repos } from '../repos.ts';
import type { Document, DocumentHomeReply } from '../../../contract/document.ts';
import { STATUS } from './document.status.ts';
import type { Decorations } from './document-list.repo.ts';
import { decorate, toDocument, type DocumentView } from './document.view.ts';

const RECOMMEND_MAX = 12;

const withCover = (r: DocumentView): Document => ({ ...toDocument(r), cover: `/view/cover/${r.hash}` });

/**
 * GET /document/home: the newest converted documents of every enabled top-level document
 * category (moredoc's `document` blocks, and the same as `category` blocks), plus the recommended ones.
 */
export async function homeDocuments(repos: Repos, limit: number, mask: (d: Document) => Document): Promise<DocumentHomeReply> {
  const lists = repos.documentList;
  /** Documents decorated (category_id[], so a home page links each to its own page, not a shell) and masked, by id. */
  const shown = async (rows: DocumentView[], known?: Decorations): Promise<Map<number, Document>> => {
    const once = [...new Map(rows.map((r) => [r.id, r])).values()];
    return new Map((await decorate(lists, once.map(withCover), { known })).map((d) => [d.id, mask(d)]));
  };
  // the blocks and the recommended documents side by side; the blocks come with what their
  // decoration needs, so only the dozen recommended documents wait for another round trip
  const [blocks, recommend] = await Promise.all([
    lists.homeBlocks(limit).then(async ({ blocks: all, known }) => {
      const docs = await shown(
        all.flatMap((b) => b.rows),
        known,
      );
      return all.map((b) => ({ ...b, document: b.rows.map((r) => docs.get(r.id)!) }));
    }),
    lists
      .list(
        { deleted: false, statuses: [STATUS.converted], recommended: true },
        { page: 1, size: RECOMMEND_MAX, defaultOrder: ['recommend_at', 'desc'], withTotal: false },
      )
      .then(async ({ rows }) => [...(await shown(rows)).values()]),
  ]);
  return {
    document: blocks.map((b) => ({ category_id: b.id, category_name: b.title, category_cover: b.cover, document: b.document })),
    recommend,
  };
}
