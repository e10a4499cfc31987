/**
 * Document pages asked for that the site has no file of: documents older than the newest
 * MAX_PRERENDERED_DOCUMENTS (src/build/documents.ts), or published since the last render. The
 * reader gets the document shell this time; the page is rendered into the served folder, so the
 * next reader (and an nginx/Caddy front serving the folder) gets the static page
 * (docs/incremental-site.md "The long tail").
 */
import type { ChangeEvent } from '../events/bus.ts';
import type { LongTailPages } from './site.long-tail.ts';

/** A uuid asked for is not asked again for this long (its page is being rendered, or was). */
const ASK_AGAIN_MS = 60_000;
/** Uuids remembered at most: a crawler's sweep must not grow the map without bound. */
const MAX_REMEMBERED = 10_000;

/** A document whose page was asked for (the row the shell's lookup read). */
export interface AskedDocument {
  id: number;
  uuid: string;
  /** converted and not recycled: readers see it, so its page is worth rendering */
  isPublic: boolean;
}

export interface MissingPagesSetup {
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

  /** A request for this document's page found no file and was answered with the shell (the row it read). */
  report(document: AskedDocument): void {
    const setup = this.setup;
    if (!setup || !document.isPublic) return;
    const now = (setup.now ?? Date.now)();
    const at = this.asked.get(document.uuid);
    if (at !== undefined && now - at < ASK_AGAIN_MS) return;
    if (this.asked.size >= MAX_REMEMBERED) this.asked.clear();
    this.asked.set(document.uuid, now);
    this.longTail?.askedFor(document.uuid);
    setup.render(document.id);
  }
}

/** Each page asked for is rendered as a `visited` change by the site builder (`update`). */
export function renderDocumentPages(update: (event: ChangeEvent) => void): MissingPagesSetup {
  return { render: (id) => update({ kind: 'document', ids: [id], change: 'visited' }) };
}
