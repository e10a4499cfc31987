/**
 * Whether the item a fallback shell would show exists. A shell answered for a uuid, identifier or
 * user id that names nothing (a mistyped link, a document purged from the recycle bin, a crawler's
 * guess) is a soft 404: status 200 for a page that only says "不存在". Those paths get the 404 page
 * instead. Items that exist but are not public yet (a document still converting, an article waiting
 * for review) keep the shell: their owner reads them there, and the island says to others what the
 * API says.
 */
import { identifierFromLocation, uuidFromLocation } from '../../domain/urls.ts';
import type { Repos } from '../modules/repos.ts';
import { articleFallbackFor } from './fallback-article.ts';
import { userFallbackFor } from './fallback-user.ts';
import { fallbackFor, pagePath } from './fallback.ts';

type ItemRepos = Pick<Repos, 'document' | 'article' | 'user'>;

/** The shell file for `url` when the item it names exists (not deleted), else null (the 404 page applies). */
export async function shellForExisting(repos: ItemRepos, url: string): Promise<string | null> {
  const path = pagePath(url);
  if (path === null) return null;
  const document = fallbackFor(url);
  if (document) {
    const doc = await repos.document.find({ uuid: uuidFromLocation(path, '') });
    return doc && !doc.deleted_at ? document : null;
  }
  const article = articleFallbackFor(url);
  if (article) return (await repos.article.byIdentifier(identifierFromLocation(path, ''))) ? article : null;
  const user = userFallbackFor(url);
  if (user) return (await repos.user.byId(Number(/^\/user\/(\d+)/.exec(path)?.[1]))) ? user : null;
  return null;
}
