/**
 * Right column of the article list (screens §5.4): article categories, recommended articles
 * (换一批 cycles batches) and a compact footer, for the build and the page script.
 */
import type { Settings } from '../../api/types.ts';
import { html, raw } from '../../domain/html.ts';
import { articleListUrl } from '../../domain/urls.ts';
import type { CategoryNode } from '../../lib/tree.ts';
import { copyrightYears, footerLinksHtml } from '../shell.ts';
import { articleLinksHtml, RECOMMEND_BATCH, type Article } from './list.ts';

function categoryLink(id: number, title: string, active: boolean, child = false): string {
  const cls = active
    ? 'bg-primary-50 font-medium text-primary-700'
    : 'text-neutral-700 hover:bg-neutral-50 hover:text-primary-600';
  return html`<a href="${articleListUrl(id)}" class="block rounded px-2 py-1.5 text-sm ${child ? 'pl-5 ' : ''}${cls}"${active && raw(' aria-current="page"')}>${title}</a>`;
}

/** 全部文章 + the enabled article categories (two levels); `activeId` 0 for 全部文章. */
export function articleCategoriesHtml(roots: readonly CategoryNode[], activeId: number): string {
  const items = roots.map((c) => {
    const children = c.children.filter((k) => k.enable && k.type === 1);
    const sub =
      children.length > 0 &&
      raw(
        html`<ul>${raw(children.map((k) => html`<li>${raw(categoryLink(k.id, k.title, k.id === activeId, true))}</li>`))}</ul>`,
      );
    return html`<li>${raw(categoryLink(c.id, c.title, c.id === activeId))}${sub}</li>`;
  });
  return html`<h2 class="mb-2 text-sm font-semibold text-neutral-700">文章分类</h2><ul class="space-y-0.5" data-article-categories><li>${raw(categoryLink(0, '全部文章', activeId === 0))}</li>${raw(items)}</ul>`;
}

/** Batch `n` (0-based, cycling) of the recommended pool. */
export function recommendBatch(pool: readonly Article[], n: number): Article[] {
  if (pool.length <= RECOMMEND_BATCH) return [...pool];
  const batches = Math.ceil(pool.length / RECOMMEND_BATCH);
  const start = (((n % batches) + batches) % batches) * RECOMMEND_BATCH;
  return pool.slice(start, start + RECOMMEND_BATCH);
}

/** 推荐 card body; '' when nothing is recommended (the card stays hidden). */
export function recommendHtml(pool: readonly Article[], batch: number): string {
  if (!pool.length) return '';
  const more =
    pool.length > RECOMMEND_BATCH &&
    raw('<button type="button" data-recommend-next class="text-xs text-neutral-500 hover:text-primary-600">换一批</button>');
  return html`<div class="mb-3 flex items-center justify-between"><h2 class="text-sm font-semibold text-neutral-700">推荐文章</h2>${more}</div><ul class="space-y-2">${raw(articleLinksHtml(recommendBatch(pool, batch)))}</ul>`;
}

/** Compact footer: the configured footer links, 站点地图 and the © line. */
export function compactFooterHtml(settings: Settings, year: number): string {
  const { system } = settings;
  const link = 'hover:text-primary-600';
  const icp =
    system.icp.trim() &&
    raw(
      html`<p><a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer nofollow" class="${link}">${system.icp}</a></p>`,
    );
  // 24 px tall rows: small links stacked closer are hard to hit with a finger (WCAG 2.5.8 target size)
  const navLink = `inline-flex min-h-6 items-center ${link}`;
  return html`<nav class="flex flex-wrap gap-x-3" aria-label="页脚链接">${raw(footerLinksHtml(settings, navLink))}<a href="/sitemap.xml" class="${navLink}">站点地图</a></nav><p class="mt-2">© ${copyrightYears(system.copyright_start_year, year)} <a href="/" class="${link}">${system.sitename}</a></p>${icp}`;
}
