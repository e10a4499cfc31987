/** `?page=` of the current member route, kept in the URL with history.replaceState. */
import { useState } from 'react';

function pageFromUrl(): number {
  const n = Number.parseInt(new URLSearchParams(location.search).get('page') ?? '1', 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

export function usePageParam(): [number, (page: number) => void] {
  const [page, setPage] = useState(pageFromUrl);
  const change = (next: number): void => {
    setPage(next);
    const url = new URL(location.href);
    if (next > 1) url.searchParams.set('page', String(next));
    else url.searchParams.delete('page');
    history.replaceState(history.state, '', url.pathname + url.search);
  };
  return [page, change];
}

/**
 * A tab of the current member route kept in the URL as `?<name>=` (absent for `first`); changing it
 * drops `?page=`. Key the list by the tab so that it starts again on its first page.
 */
export function useTabParam(name: string, first: string): [string, (tab: string) => void] {
  const [tab, setTab] = useState(() => new URLSearchParams(location.search).get(name) ?? first);
  const change = (next: string): void => {
    setTab(next);
    const url = new URL(location.href);
    if (next === first) url.searchParams.delete(name);
    else url.searchParams.set(name, next);
    url.searchParams.delete('page');
    history.replaceState(history.state, '', url.pathname + url.search);
  };
  return [tab, change];
}
