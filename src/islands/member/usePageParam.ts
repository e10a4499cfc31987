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
