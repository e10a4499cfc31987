/**
 * The change events of one app instance (held in its AppContext, never in module state).
 *
 * Every write path publishes one event after its transaction committed: which items of which
 * kind changed, or that something every page shares changed (settings, navigation, friend links,
 * ads, languages). Subscribers (the search index, the static-site renderer, caches) react to
 * those events instead of polling the database. `publish` resolves once every subscriber ran, so
 * a request that awaits it answers only when, say, the search index already reflects the write;
 * a subscriber's failure is logged and never fails or undoes the write.
 */

/** Items whose public pages, lists and index entries follow them. */
export type ItemKind = 'document' | 'article' | 'category' | 'user' | 'banner';

/**
 * `saved`: created, edited, re-statused, moved or restored; `removed`: deleted (recycle bin or for good);
 * `visited`: nothing changed, but a reader asked for a document page the site has no file of
 * (site.missing.ts): only that page is rendered.
 */
export type ItemChange = 'saved' | 'removed' | 'visited';

export type ChangeEvent =
  /** `reqId`: the request the change came from, for the render's log line (a conversion: the upload's) */
  | { kind: ItemKind; ids: readonly number[]; change: ItemChange; reqId?: string }
  /** something every page shows: `what` names it for the logs */
  | { kind: 'shared'; what: string };

export type Subscriber = (event: ChangeEvent) => unknown;

export class EventBus {
  private readonly subscribers = new Set<Subscriber>();
  private readonly onError: (err: unknown, event: ChangeEvent) => void;

  constructor(onError: (err: unknown, event: ChangeEvent) => void = (err) => console.error('[events]', err)) {
    this.onError = onError;
  }

  /** Adds a subscriber; returns the function that removes it. */
  subscribe(fn: Subscriber): () => void {
    this.subscribers.add(fn);
    return () => {
      this.subscribers.delete(fn);
    };
  }

  /** Tells every subscriber, in the order they subscribed; events naming no item are dropped. */
  async publish(event: ChangeEvent): Promise<void> {
    if (event.kind !== 'shared' && !event.ids.length) return;
    for (const fn of [...this.subscribers]) {
      try {
        await fn(event);
      } catch (err) {
        this.onError(err, event);
      }
    }
  }
}
