/**
 * Document pages asked for that the site has no file of: documents older than the newest
 * MAX_PRERENDERED_DOCUMENTS (src/build/documents.ts), or published since the last render. The
 * reader gets the document shell this time; the page is rendered into the served folder, so the
 * next reader (and an nginx/Caddy front serving the folder) gets the static page
 * (docs/incremental-site.md "The long tail").
 */
import type { ChangeEvent } from '../events/bus.ts';
import type { DocumentRepo } from '../modules/document/document.repo.ts';
import { isPublic } from '../modules/document/document.status.ts';
import { fallbackFor, pagePath } from './fallback.ts';
import type { LongTailPages } from './site.long-tail.ts';

/** A uuid asked for is not asked again for this long (its page is being rendered, or was). */
const ASK_AGAIN_MS = 60_000;
/** Uuids remembered at most: a crawler's sweep must not grow the map without bound. */
const MAX_REMEMBERED = 10_000;

export interface MissingPagesSetup {
  /** the document's id when it is public (converted, not deleted) */
  publicDocumentId: (uuid: string) => Promise<number | null>;
  /** renders that document's own page (the site builder's incremental renderer) */
  render: (documentId: number) => void;
  now?: () => number;
}

export class MissingPages {
  private setup: MissingPagesSetup | null = null;
  private readonly asked = new Map<string, number>();
  private readonly longTail: LongTailPages | null;

  /** `longTail`: told of each page rendered here, kept under the operator's disk limit. */
  constructor(longTail: LongTailPages | null = null) {
    this.longTail = longTail;
    // a page deleted under the disk limit is rendered again for its next reader, however soon
    if (longTail) longTail.onDeleted = (uuids) => uuids.forEach((uuid) => this.asked.delete(uuid));
  }

  /** From now on, missing document pages are rendered with this (main.ts, when the site builder runs). */
  renderWith(setup: MissingPagesSetup): void {
    this.setup = setup;
  }

  /** A request for `url` found no file and was answered with a shell. */
  async report(url: string): Promise<void> {
    const setup = this.setup;
    if (!setup || fallbackFor(url) === null) return;
    const uuid = (pagePath(url) ?? '')
      .replace(/(?:\.html)?\/?$/, '')
      .split('/')
      .at(-1);
    if (!uuid) return;
    const now = (setup.now ?? Date.now)();
    const at = this.asked.get(uuid);
    if (at !== undefined && now - at < ASK_AGAIN_MS) return;
    if (this.asked.size >= MAX_REMEMBERED) this.asked.clear();
    this.asked.set(uuid, now);
    const id = await setup.publicDocumentId(uuid);
    if (id === null) return;
    this.longTail?.askedFor(uuid);
    setup.render(id);
  }
}

/** Public documents found by uuid, each page rendered as a `visited` change by the site builder (`update`). */
export function renderDocumentPages(repos: { document: DocumentRepo }, update: (event: ChangeEvent) => void): MissingPagesSetup {
  return {
    publicDocumentId: async (uuid) => {
      const doc = await repos.document.find({ uuid });
      return doc && !doc.deleted_at && isPublic(doc.status) ? doc.id : null;
    },
    render: (id) => update({ kind: 'document', ids: [id], change: 'visited' }),
  };
}
