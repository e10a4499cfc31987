/**
 * The one place that changes `location`, so that code running in Node (build, tests)
 * never touches browser globals and tests can observe navigations.
 */
export type NavigateHandler = (url: string) => void;

const browserNavigate: NavigateHandler = (url) => {
  if (typeof location !== 'undefined') location.assign(url);
};

let handler: NavigateHandler = browserNavigate;
let leaving = false;

export function navigateTo(url: string): void {
  leaving = true;
  handler(url);
}

/**
 * Whether this page is already on its way elsewhere: page guards then stay quiet, so that
 * logging out (which clears the session, then goes to /) is not overtaken by a login redirect.
 */
export const isLeaving = (): boolean => leaving;

/** Set before a deliberate exit that does not go through navigateTo (an island's own logout). */
export function markLeaving(): void {
  leaving = true;
}

/** Replaces the navigation handler (tests, or an in-island router); `null` restores the default. */
export function setNavigateHandler(fn: NavigateHandler | null): void {
  handler = fn ?? browserNavigate;
  leaving = false;
}

/** Current path with query string, or '' outside a browser. */
export function currentPath(): string {
  if (typeof location === 'undefined') return '';
  return `${location.pathname}${location.search}`;
}
