/**
 * What the fallback shells (documents and articles newer than the last build) share: the
 * error screen, and putting the live item in place with its title, meta tags and address.
 */
import { setPageName } from '../../lib/page-title.ts';
import { errorScreenHtml } from '../../views/parts.ts';

function setMeta(name: string, content: string): void {
  let meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

export function showFallbackError(
  el: HTMLElement,
  pageName: string,
  message: string,
  back: { href: string; label: string },
): void {
  el.innerHTML = errorScreenHtml({ message, back });
  setPageName(pageName);
}

export interface LiveItem {
  /** the item's markup (the same as its static page) */
  markup: string;
  title: string;
  keywords: string;
  description: string;
  /** the item's own address: shown instead of the shell's (a later visit finds its static page) */
  canonical: string;
}

export function showLiveItem(el: HTMLElement, item: LiveItem): void {
  el.innerHTML = item.markup;
  setPageName(item.title);
  setMeta('keywords', item.keywords);
  setMeta('description', item.description);
  if (location.pathname.replace(/\.html$/, '') !== item.canonical)
    history.replaceState(history.state, '', item.canonical + location.hash);
}
