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
import { articleUrl, documentUrl, identifierFromLocation, uuidFromLocation } from '../../domain/urls.ts';
import type { AppContext } from '../context.ts';
import { present } from '../modules/article/article.view.ts';
import { categoriesById } from '../modules/category/category.repo.ts';
import { articleFallbackFor } from './fallback-article.ts';
import { userFallbackFor } from './fallback-user.ts';
import { fallbackFor, pagePath } from './fallback.ts';

type Items = Pick<AppContext, 'repos' | 'db'>;

/** What answers a page path no built file matches: a shell, a 301 to the item's address, or nothing (404). */
export type ShellAnswer = { shell: string } | { moved: string } | null;

/** The address of a live (not recycled) document now: under its deepest category, `_` without one. */
export async function liveDocumentAddress({ repos, db }: Items, uuid: string): Promise<string | null> {
  const doc = uuid ? await repos.document.find({ uuid }) : undefined;
  if (!doc || doc.deleted_at) return null;
  const [categoryIds, byId] = await Promise.all([repos.document.categoryIdsOf(doc.id), categoriesById(db)]);
  return documentUrl({ uuid: doc.uuid, category_id: categoryIds }, byId);
}

/** The address of a live article now: under its first category, `_` without one. */
async function liveArticleAddress({ repos, db }: Items, identifier: string): Promise<string | null> {
  const row = identifier ? await repos.article.byIdentifier(identifier) : undefined;
  const [article] = row ? await present(db, [row]) : [];
  return article ? articleUrl(article) : null;
}

/** The category segment of `/library/<category>/<uuid>` and `/article/<category>/detail/<identifier>`. */
const categorySegment = (path: string): string | undefined => path.split('/')[2];

/** The shell when `path` is the item's address (`address`), a 301 when only its category differs, 404 without an item. */
const shellOrMove = (address: string | null, path: string, shell: string): ShellAnswer =>
  !address ? null : categorySegment(address) === categorySegment(path) ? { shell } : { moved: address };

export async function shellAnswer(items: Items, url: string): Promise<ShellAnswer> {
  const path = pagePath(url);
  if (path === null) return null;
  const document = fallbackFor(url);
  if (document) return shellOrMove(await liveDocumentAddress(items, uuidFromLocation(path, '')), path, document);
  const article = articleFallbackFor(url);
  if (article) return shellOrMove(await liveArticleAddress(items, identifierFromLocation(path, '')), path, article);
  const user = userFallbackFor(url);
  if (user) return (await items.repos.user.byId(Number(/^\/user\/(\d+)/.exec(path)?.[1]))) ? { shell: user } : null;
  return null;
}
