/** DOM helpers of the page scripts. */

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
