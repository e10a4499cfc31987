/** DOM helpers of the page scripts. */

/** Replaces an element's markup, leaving it alone when nothing changed (no flicker, no lost focus). */
export function setHtml(el: Element | null | undefined, markup: string): void {
  if (el && el.innerHTML !== markup) el.innerHTML = markup;
}
