/**
 * What the fallback shells (documents and articles newer than the last build) share: loading the
 * item, the error screen, and putting the live item in place with its title, meta tags and address.
 */
import { setPageName } from '../../lib/page-title.ts';
import { boot } from '../../stores/boot.ts';
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

/** What a shell shows when its item cannot be shown: the page name and the way back of the error screen. */
export interface Missing {
  pageName: string;
  back: { href: string; label: string };
}

export interface LiveItem {
  /** the item's markup (the same as its static page) */
  markup: string;
  title: string;
  keywords: string;
  description: string;
  /** the item's own address: shown instead of the shell's (a later visit finds its static page) */
  canonical: string;
  /** the selector of the item's view inside the markup, and the wiring of that view (as on its static page) */
  view: string;
  mount: (view: HTMLElement) => void;
}

function showLiveItem(el: HTMLElement, item: LiveItem): void {
  el.innerHTML = item.markup;
  setPageName(item.title);
  setMeta('keywords', item.keywords);
  setMeta('description', item.description);
  if (location.pathname.replace(/\.html$/, '') !== item.canonical)
    history.replaceState(history.state, '', item.canonical + location.hash);
  const view = el.querySelector<HTMLElement>(item.view);
  if (view) item.mount(view);
}

/**
 * Runs the shell in `selector`: `load` answers how to draw the live item, or the message of the
 * error screen. The item is drawn once the start-up sequence has the live settings and categories,
 * not the page's build-time copy: a switch turned since the last build (VIP on, say) or a category
 * added shows on the item as it will on its next built page.
 */
export function runFallbackShell(selector: string, missing: Missing, load: () => Promise<(() => LiveItem) | string>): void {
  const root = document.querySelector<HTMLElement>(selector);
  if (!root) return;
  // a start-up that fails leaves the page's own copy, which is still drawn
  void Promise.all([load(), boot().catch(() => undefined)])
    .then(([item]) => {
      if (typeof item !== 'string') return showLiveItem(root, item());
      root.innerHTML = errorScreenHtml({ message: item, back: missing.back });
      setPageName(missing.pageName);
    })
    .finally(() => root.setAttribute('aria-busy', 'false'));
}
