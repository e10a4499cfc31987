/**
 * What the live lists of the static pages (library, articles) share: loading a page in place
 * over the pre-rendered one.
 */
import { isOk, messageOf } from '../../api/http.ts';
import type { ApiResult } from '../../api/http.ts';
import { toast } from './toast.ts';

/**
 * `load(quiet)` fetches a page and hands its data to `show`: only the newest answer counts, `root`
 * is busy meanwhile and `list` dims unless `quiet` (the first refresh of pre-rendered rows);
 * a failure shows `failure` (or the server's message) unless quiet.
 */
export function liveLoader<T>(
  root: HTMLElement,
  list: HTMLElement | null,
  fetch: () => Promise<ApiResult<T>>,
  failure: string,
  show: (data: T, quiet: boolean) => void,
): (quiet: boolean) => Promise<void> {
  let seq = 0;
  return async (quiet) => {
    const mine = ++seq;
    root.setAttribute('aria-busy', 'true');
    if (!quiet && list) list.style.opacity = '0.5';
    const r = await fetch();
    if (mine !== seq) return;
    root.setAttribute('aria-busy', 'false');
    if (list) list.style.opacity = '';
    if (isOk(r)) show(r.data, quiet);
    else if (!quiet) toast(messageOf(r, failure), 'error');
  };
}
