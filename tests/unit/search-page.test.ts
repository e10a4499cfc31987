import { describe, expect, it } from 'vitest';
import { highlightText, safeHighlight } from '../../src/views/search/highlight.ts';
import { pageWindow, pagerHtml } from '../../src/views/pager.ts';
import { apiParams, queryOf, stateFromQuery, timeRange, withChange } from '../../src/views/search/state.ts';
import { relatedWords, summaryHtml } from '../../src/views/search/results.ts';

describe('safeHighlight', () => {
  it('keeps <em> and escaped text', () => {
    expect(safeHighlight('<em>中文</em>文档 &lt;b&gt;')).toBe('<em>中文</em>文档 &lt;b&gt;');
    expect(safeHighlight('<EM>x</EM>')).toBe('<em>x</em>');
  });
  it('drops every other tag and makes the rest inert', () => {
    expect(safeHighlight('<script>alert(1)</script><em>a</em>')).toBe('alert(1)<em>a</em>');
    expect(safeHighlight('<img src=x onerror=alert(1)>b')).toBe('b');
    expect(safeHighlight('<em class="x">a</em>')).toBe('a');
    expect(safeHighlight('a <img src=x onerror=alert(1) ')).toBe('a &lt;img src=x onerror=alert(1) ');
    expect(safeHighlight('"q" & \'s\'')).toBe('&quot;q&quot; &amp; &#39;s&#39;');
  });
  it('balances the em tags', () => {
    expect(safeHighlight('<em>a')).toBe('<em>a</em>');
    expect(safeHighlight('a</em>b')).toBe('ab');
    expect(safeHighlight('<em><em>a</em></em>')).toBe('<em>a</em>');
  });
  it('gives plain text back', () => {
    expect(highlightText('<em>a</em> &lt;b&gt; &amp;')).toBe('a <b> &');
    expect(safeHighlight(undefined)).toBe('');
  });
});

describe('search state', () => {
  it('reads and writes the query', () => {
    const s = stateFromQuery('?wd=%20中文%20&ext=pdf&category_id=3&sort=pages&time=week&page=2&language=zh-CN');
    expect(s).toEqual({
      wd: '中文',
      type: 0,
      page: 2,
      ext: 'pdf',
      category_id: 3,
      language: 'zh-CN',
      sort: 'pages',
      time: 'week',
    });
    expect(stateFromQuery(queryOf(s))).toEqual(s);
  });
  it('drops unknown values and document-only filters for articles', () => {
    const s = stateFromQuery('?wd=a&type=1&ext=pdf&sort=pages&time=x&page=-1&category_id=abc');
    expect(s).toMatchObject({ type: 1, ext: '', sort: 'relevance', time: '', page: 1, category_id: 0, language: '' });
    expect(queryOf(s)).toBe('?wd=a&type=1');
  });
  it('resets the page on a change and the filters on a type switch', () => {
    const s = stateFromQuery('?wd=a&ext=pdf&page=3&sort=size');
    expect(withChange(s, { ext: 'doc' })).toMatchObject({ ext: 'doc', page: 1, sort: 'size' });
    expect(withChange(s, { type: 1 })).toMatchObject({ type: 1, ext: '', page: 1, sort: 'relevance', wd: 'a' });
  });
  it('turns time presets into created_at ranges', () => {
    const now = Date.UTC(2024, 4, 10, 12);
    expect(timeRange('', now)).toEqual([]);
    expect(timeRange('day', now)).toEqual(['2024-05-09T12:00:00.000Z', '2024-05-10T12:00:00.000Z']);
    expect(timeRange('week', now)[0]).toBe('2024-05-03T12:00:00.000Z');
    const p = apiParams(stateFromQuery('?wd=a&ext=pdf&category_id=2&time=day'), now);
    expect(p).toMatchObject({ wd: 'a', page: 1, ext: 'pdf', category_id: [2], sort: 'relevance' });
    expect(p.created_at).toHaveLength(2);
  });
});

describe('pager and results', () => {
  it('windows the page numbers', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([1, 0, 8, 9, 10, 11, 12, 0, 20]);
    expect(pagerHtml(1, 10, 10, (p) => `/s?page=${p}`)).toBe('');
    const html = pagerHtml(2, 25, 10, (p) => `/s?a=1&page=${p}`);
    expect(html).toContain('href="/s?a=1&amp;page=3" data-page="3"');
    expect(html).toContain('aria-current="page">2<');
  });
  it('summarises the time spent and aggregates related words', () => {
    expect(summaryHtml('0.012', 5)).toContain('本次搜索耗时 <span');
    expect(relatedWords([{ keywords: 'a,中文,b' }, { keywords: 'b，c' }], '中文')).toEqual(['a', 'b', 'c']);
  });
});
