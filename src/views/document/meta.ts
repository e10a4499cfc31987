/** Document facts line (screens §4, §5.3); small enough for page scripts. */
import type { Document } from '../../contract/document.ts';
import type { Settings } from '../../api/types.ts';
import { html, raw } from '../../domain/html.ts';
import { documentStatusLabel } from '../../domain/status.ts';
import { formatBytes } from '../../lib/size.ts';
import { countsHtml, starsHtml, timeHtml } from '../parts.ts';

/** Id of the `<script type="application/json">` holding the static page's document. */
export const DOCUMENT_DATA_ID = 'wenku-document';

/** The page count; a document without pages yet (waiting, failed) shows its status instead of "0 页". */
const pagesHtml = (doc: Document): string =>
  doc.pages > 0 ? html`<span>${doc.pages} 页</span>` : html`<span data-doc-status>${documentStatusLabel(doc.status)}</span>`;

export function metaHtml(doc: Document, settings: Settings): string {
  return html`${doc.username && raw(html`<span>上传者 ${doc.username}</span>`)}${raw(timeHtml(doc.created_at))}<span>${formatBytes(doc.size)}</span>${raw(pagesHtml(doc))}${raw(countsHtml(doc, settings))}${raw(starsHtml(doc))}`;
}
