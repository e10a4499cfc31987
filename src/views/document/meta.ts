/** Document facts line and meta description (screens §4, §5.3); small enough for page scripts. */
import type { Document } from '../../api/document.ts';
import type { Settings } from '../../api/types.ts';
import { formatBytes } from '../../lib/size.ts';
import { escapeHtml } from '../../domain/html.ts';
import { countsHtml, starsHtml, timeHtml } from '../library/card.ts';

/** Id of the `<script type="application/json">` holding the static page's document. */
export const DOCUMENT_DATA_ID = 'wenku-document';

/** First 200 characters of the description, with "..." when cut (meta description). */
export function metaDescription(doc: Document): string {
  const chars = [...doc.description.replace(/\s+/g, ' ').trim()];
  return chars.length > 200 ? `${chars.slice(0, 200).join('')}...` : chars.join('');
}

export function metaHtml(doc: Document, settings: Settings): string {
  const parts = [
    doc.username ? `<span>上传者 ${escapeHtml(doc.username)}</span>` : '',
    timeHtml(doc.created_at),
    `<span>${formatBytes(doc.size)}</span>`,
    `<span>${doc.pages} 页</span>`,
    countsHtml(doc, settings),
    starsHtml(doc.score, 400),
  ];
  return parts.join('');
}
