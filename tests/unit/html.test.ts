import { describe, expect, it } from 'vitest';
import { attrs, escapeHtml, html, raw } from '../../src/domain/html.ts';
import { documentCardHtml } from '../../src/views/library/card.ts';
import { errorScreenHtml } from '../../src/views/parts.ts';
import { fillZero } from '../../src/api/call.ts';
import { documentGet } from '../../src/api/generated/document.ts';
import type { Document } from '../../src/contract/document.ts';

const normalizeDocument = (raw: unknown) => fillZero<Document>(documentGet.zero, raw);
import { DEFAULT_SETTINGS } from '../../src/api/settings-defaults.ts';

describe('html template', () => {
  it('escapes every interpolated string, numbers pass, nothing for null, undefined and booleans', () => {
    const name = '<img src=x onerror="alert(1)">&\'';
    expect(html`<b title="${name}">${name}</b>`).toBe(
      '<b title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;">&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;</b>',
    );
    expect(html`<i>${3}${null}${undefined}${false}${true}</i>`).toBe('<i>3</i>');
    expect(escapeHtml('"a" & <b>')).toBe('&quot;a&quot; &amp; &lt;b&gt;');
  });
  it('keeps raw markup and lists of it, and escapes plain lists', () => {
    const inner = html`<em>${'<x>'}</em>`;
    expect(html`<p>${raw(inner)}</p>`).toBe('<p><em>&lt;x&gt;</em></p>');
    expect(html`<ul>${raw(['<li>a</li>', '<li>b</li>'])}</ul>`).toBe('<ul><li>a</li><li>b</li></ul>');
    expect(html`${['<a>', 1]}`).toBe('&lt;a&gt;1');
  });
  it('writes only the attributes that have a value', () => {
    expect(html`<a${attrs({ href: '/x?a=1&b="2"', hidden: true, rel: '', title: undefined, 'data-n': 0, off: false })}>`).toBe(
      '<a href="/x?a=1&amp;b=&quot;2&quot;" hidden data-n="0">',
    );
  });
});

describe('public markup', () => {
  it('escapes server strings in a document card', () => {
    const doc = normalizeDocument({
      id: 1,
      uuid: 'u1',
      title: '<script>x</script>',
      description: '"d"',
      ext: '.pdf',
      category_id: [3],
    });
    const out = documentCardHtml(doc, { settings: DEFAULT_SETTINGS, byId: new Map() });
    expect(out).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(out).not.toContain('<script>');
    expect(out).toContain('href="/library/3/u1"');
  });
  it('has one error screen with a way back', () => {
    const out = errorScreenHtml({ message: '<b>没了</b>', back: { href: '/article', label: '返回文章列表' } });
    expect(out).toContain('出错啦！');
    expect(out).toContain('&lt;b&gt;没了&lt;/b&gt;');
    expect(out).toContain('href="/article"');
    expect(errorScreenHtml({ status: 500 })).toContain('/images/error.svg');
  });
});
