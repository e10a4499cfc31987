/** DOM helpers of the page scripts. */
import { fillZero } from '../../api/call.ts';

/** Replaces an element's markup, leaving it alone when nothing changed (no flicker, no lost focus). */
export function setHtml(el: Element | null | undefined, markup: string): void {
  if (el && el.innerHTML !== markup) el.innerHTML = markup;
}

/** A member's avatar in plain DOM: the picture when there is one, else the first letter of the name. */
export function showAvatar(
  img: HTMLImageElement | null,
  initial: HTMLElement | null,
  user: { avatar: string; username: string },
): void {
  const src = user.avatar.trim();
  if (img) {
    img.hidden = !src;
    if (src && img.getAttribute('src') !== src) img.src = src;
  }
  if (initial) {
    initial.hidden = Boolean(src);
    initial.textContent = (user.username[0] ?? '').toUpperCase();
  }
}

/** A left click without modifier keys that nobody handled yet: the page may take it over (else it opens a tab). */
export const isPlainClick = (e: MouseEvent): boolean =>
  !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/** A note on top of a static page whose item the server no longer shows (deleted, hidden since the build). */
export function prependGoneNote(view: HTMLElement, text: string): void {
  const note = document.createElement('p');
  note.className = 'mb-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-800';
  note.setAttribute('role', 'alert');
  note.textContent = text;
  view.prepend(note);
}

/**
 * The view of a static item page (a document, an article) and the item the page was built with, which
 * it carries as JSON in the element `dataId`, completed with the wire zeros of what the build left out.
 */
export function builtItem<T>(viewSelector: string, dataId: string, zero: unknown): { view: HTMLElement; item: T } | undefined {
  const view = document.querySelector<HTMLElement>(viewSelector);
  const raw = document.getElementById(dataId)?.textContent;
  return view && raw ? { view, item: fillZero<T>(zero, JSON.parse(raw)) } : undefined;
}
