/** 首页 / 全部文档 / ancestors (screens §5.2, §5.3) as an HTML string, for build and browser. */
import type { CategoryNode } from '../../lib/tree.ts';
import { escapeHtml } from '../../domain/html.ts';
import { categoryUrl } from '../../domain/urls.ts';

export function breadcrumbHtml(chain: readonly CategoryNode[], tail?: string): string {
  const crumbs: Array<{ label: string; href?: string }> = [
    { label: '首页', href: '/' },
    { label: '全部文档', href: '/library' },
    ...chain.map((c) => ({ label: c.title, href: categoryUrl(c.id) })),
    ...(tail ? [{ label: tail }] : []),
  ];
  const last = crumbs.length - 1;
  const items = crumbs.map((c, i) => {
    const sep = i > 0 ? '<span aria-hidden="true" class="text-neutral-300">/</span>' : '';
    const body = i === last || !c.href
      ? `<span class="text-neutral-700" aria-current="page">${escapeHtml(c.label)}</span>`
      : `<a href="${escapeHtml(c.href)}" class="hover:text-primary-600">${escapeHtml(c.label)}</a>`;
    return `<li class="flex items-center gap-1">${sep}${body}</li>`;
  });
  return `<nav aria-label="面包屑" class="text-sm text-neutral-500"><ol class="flex flex-wrap items-center gap-1">${items.join('')}</ol></nav>`;
}
