/**
 * The one rule of which pages' text a visitor may read — everything that shows or matches page
 * text obeys it: the generated description, the search index (words, hit pages, snippets) and the
 * page text of the document page. A free document's text is public; a paid one (price > 0)
 * shows only its preview pages (`preview`, set at conversion from `max_preview` /
 * `max_preview_percent`; 0 = every page): the rest is what a buyer pays for.
 */

/** What the rule looks at. */
export interface TextVisibility {
  price: number;
  preview: number;
}

/** How many leading pages have public text; Infinity when all have. */
export const publicPageCount = (doc: TextVisibility): number =>
  doc.price > 0 && doc.preview > 0 ? doc.preview : Number.POSITIVE_INFINITY;

/** Whether the text of page `page` (from 1) is public. */
export const isPublicPage = (doc: TextVisibility, page: number): boolean => page >= 1 && page <= publicPageCount(doc);

/** The public ones of a document's page texts (page 1 first). */
export const publicTexts = (doc: TextVisibility, texts: readonly string[]): string[] => texts.slice(0, publicPageCount(doc));

/** Whether a change of price or preview changes which pages are public. */
export const samePublicPages = (a: TextVisibility, b: TextVisibility): boolean => publicPageCount(a) === publicPageCount(b);
