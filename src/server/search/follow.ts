import type { Database } from '../db/db.ts';
import type { EventBus } from '../events/bus.ts';
import { indexArticles, indexDocuments } from './indexer.ts';

/**
 * The full-text index follows the change events of its instance: every written document or
 * article is (re)indexed, or taken out when it is no longer public, before the write's request
 * answers. Changes made by other processes (separate converters, other instances) are caught by
 * the rare consistency sweep of sync.ts.
 */
export function indexOnChange(events: EventBus, db: Database): () => void {
  return events.subscribe((e) => {
    if (e.kind === 'document') return indexDocuments(db, e.ids);
    if (e.kind === 'article') return indexArticles(db, e.ids);
    return undefined;
  });
}
