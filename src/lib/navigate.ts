/**
 * The one place that changes `location`, so that code running in Node (build, tests)
 * never touches browser globals and tests can observe navigations.
 */
export type NavigateHandler = (url: string) => void;

const browserNavigate: NavigateHandler = (url) => {
  if (typeof location !== 'undefined') location.assign(url);
};

let handler: NavigateHandler = browserNavigate;

export function navigateTo(url: string): void {
  handler(url);
}

/** Replaces the navigation handler (tests, or an in-island router); `null` restores the default. */
export function setNavigateHandler(fn: NavigateHandler | null): void {
  handler = fn ?? browserNavigate;
}

/** Current path with query string, or '' outside a browser. */
export function currentPath(): string {
  if (typeof location === 'undefined') return '';
  return `${location.pathname}${location.search}`;
}
