/**
 * Whether the item a fallback shell would show exists. A shell answered for a uuid, identifier or
 * user id that names nothing (a mistyped link, a document purged from the recycle bin, a crawler's
 * guess) is a soft 404: status 200 for a page that only says "不存在". Those paths get the 404 page
 * instead. Items that exist but are not public yet (a document still converting, an article waiting
 * for review) keep the shell: their owner reads them there, and the island says to others what the
 * API says. A document or article asked for under a category it is no longer in (an admin moved it)
 * answers 301 to its address now, so old links and search engines follow it and its page is not
 * rendered again for each of them.
 */
import { documentUrl, identifierFromLocation, uuidFromLocation } from '../../domain/urls.ts';
import type { AppContext } from '../context.ts';
import { articleAddress } from '../modules/article/article.view.ts';
import { categoriesById } from '../modules/category/category.repo.ts';
import { isPublic } from '../modules/document/document.status.ts';
import { articleFallbackFor } from './fallback-article.ts';
import { userFallbackFor } from './fallback-user.ts';
import { fallbackFor, pagePath } from './fallback.ts';
import type { AskedDocument } from './site.missing.ts';

type Items = Pick<AppContext, 'repos' | 'db'>;

/** A live (not recycled) document: whether readers see it, and its address now (deepest category, `_` without one). */
export interface LiveDocument extends AskedDocument {
  address: string;
}

/** A shell (with the document it shows, for the long tail's renderer), a 301 to the item's address, or nothing (404). */
export type ShellAnswer = { shell: string; document?: LiveDocument } | { moved: string } | null;

export async function liveDocument({ repos, db }: Items, uuid: string): Promise<LiveDocument | null> {
  const doc = uuid ? await repos.document.find({ uuid }) : undefined;
  if (!doc || doc.deleted_at) return null;
  const [categoryIds, byId] = await Promise.all([repos.document.categoryIdsOf(doc.id), categoriesById(db)]);
  const address = documentUrl({ uuid: doc.uuid, category_id: categoryIds }, byId);
  return { id: doc.id, uuid: doc.uuid, isPublic: isPublic(doc.status), address };
}

/** The address of a live article now: under its first category, `_` without one. */
const liveArticleAddress = async ({ repos, db }: Items, identifier: string): Promise<string | null> =>
  articleAddress(db, identifier ? await repos.article.byIdentifier(identifier) : undefined);

/** The category segment of `/library/<category>/<uuid>` and `/article/<category>/detail/<identifier>`. */
const categorySegment = (path: string): string | undefined => path.split('/')[2];

/** The shell when `path` is the item's address (`address`), a 301 when only its category differs, 404 without an item. */
const shellOrMove = (address: string | null, path: string, shell: ShellAnswer): ShellAnswer =>
  !address ? null : categorySegment(address) === categorySegment(path) ? shell : { moved: address };

export async function shellAnswer(items: Items, url: string): Promise<ShellAnswer> {
  const path = pagePath(url);
  if (path === null) return null;
  const documentShell = fallbackFor(url);
  if (documentShell) {
    const document = await liveDocument(items, uuidFromLocation(path, ''));
    return shellOrMove(document?.address ?? null, path, { shell: documentShell, document: document ?? undefined });
  }
  const article = articleFallbackFor(url);
  if (article) return shellOrMove(await liveArticleAddress(items, identifierFromLocation(path, '')), path, { shell: article });
  const user = userFallbackFor(url);
  if (user) return (await items.repos.user.byId(Number(/^\/user\/(\d+)/.exec(path)?.[1]))) ? { shell: user } : null;
  return null;
}
