import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml, textExcerpt } from '../../../src/server/html/sanitize.ts';

/** Nothing executable may survive: no script-capable tags, handlers, dangerous schemes or CSS tricks. */
function assertInert(out: string) {
  const lower = out.toLowerCase();
  for (const bad of [
    '<script',
    '<style',
    '<iframe',
    '<object',
    '<embed',
    '<svg',
    '<math',
    '<form',
    '<input',
    '<link',
    '<meta',
    '<base',
    '<frame',
    '<template',
  ]) {
    expect(lower).not.toContain(bad);
  }
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
  expect(lower).not.toMatch(/(?:href|src|poster|action)\s*=\s*"\s*(?:javascript|vbscript|data):/);
  expect(lower).not.toContain('javascript:');
  expect(lower).not.toContain('vbscript:');
  expect(lower).not.toContain('expression(');
  expect(lower).not.toContain('url(');
  expect(lower).not.toContain('behavior');
  expect(lower).not.toContain('@import');
}

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<img src=x onerror = "alert(1)" />',
  '<a href="javascript:alert(1)">x</a>',
  '<a href=" JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="background-image: url(&quot;javascript:alert(1)&quot;)">x</div>',
  '<span style="color: expression(alert(1))">x</span>',
  '<span style="behavior: url(x.htc)">x</span>',
  '<p style="color:red;-moz-binding:url(x.xml#xss)">x</p>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<style>@import "https://evil.example/x.css";</style>',
  '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)" src=x></video>',
  '<video poster="javascript:alert(1)" src="/uploads/a.mp4"></video>',
  '<link rel=stylesheet href=x.css><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="javascript:/">',
  '<<script>script>alert(1)<</script>/script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="#" onclick="alert(1)" onmouseover="alert(2)">x</a>',
  '<template><img src=x onerror=alert(1)></template>',
];

describe('sanitizeHtml', () => {
  it.each(PAYLOADS)('neutralises %s', (payload) => {
    assertInert(sanitizeHtml(payload));
    assertInert(sanitizeHtml(`<p>前文${payload}后文</p>`));
  });

  it('keeps ordinary formatting', () => {
    const html =
      '<h2>标题</h2><p>一段 <strong>粗体</strong>、<em>斜体</em>、<u>下划线</u>、<s>删除</s>、H<sub>2</sub>O 和 x<sup>2</sup>。</p>' +
      '<blockquote>引用</blockquote><pre><code class="language-js">let a = 1;</code></pre><ul><li>一</li></ul><ol><li>二</li></ol><hr />' +
      '<table><thead><tr><th>表头</th></tr></thead><tbody><tr><td colspan="2" rowspan="3">单元格</td></tr></tbody></table>' +
      '<figure><img src="/uploads/a/b/c/d/e/abc.png" alt="图" title="图片" width="100" height="50" /><figcaption>说明</figcaption></figure>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps safe links and media and protects new tabs', () => {
    expect(sanitizeHtml('<a href="https://example.com/a?b=1" title="t">x</a>')).toBe(
      '<a href="https://example.com/a?b=1" title="t">x</a>',
    );
    expect(sanitizeHtml('<a href="/article/about">x</a>')).toBe('<a href="/article/about">x</a>');
    expect(sanitizeHtml('<a href="mailto:a@example.com">x</a>')).toBe('<a href="mailto:a@example.com">x</a>');
    expect(sanitizeHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeHtml('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
    expect(sanitizeHtml('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
    expect(
      sanitizeHtml('<video controls="true" poster="/uploads/p.png"><source src="/uploads/v.mp4" type="video/mp4"></video>'),
    ).toBe('<video controls="true" poster="/uploads/p.png"><source src="/uploads/v.mp4" type="video/mp4" /></video>');
  });

  it('keeps only the allowed text styles with safe values', () => {
    expect(sanitizeHtml('<p style="text-align: center; position: fixed; top: 0">x</p>')).toBe(
      '<p style="text-align:center">x</p>',
    );
    expect(
      sanitizeHtml(
        '<span style="color: #ff0000; background-color: rgb(1, 2, 3); font-weight: bold; font-style: italic; text-decoration: underline line-through">x</span>',
      ),
    ).toBe(
      '<span style="color:#ff0000;background-color:rgb(1, 2, 3);font-weight:bold;font-style:italic;text-decoration:underline line-through">x</span>',
    );
    expect(sanitizeHtml('<span style="color: red; font-size: 99px">x</span>')).toBe('<span style="color:red">x</span>');
    expect(sanitizeHtml('<span style="color: javascript">x</span>')).toBe('<span>x</span>');
    expect(sanitizeHtml('<strong style="color:red">x</strong>')).toBe('<strong>x</strong>');
  });

  it('drops bad table spans, unknown classes and attributes', () => {
    expect(sanitizeHtml('<table><tbody><tr><td colspan="x" rowspan="9999">c</td></tr></tbody></table>')).toBe(
      '<table><tbody><tr><td>c</td></tr></tbody></table>',
    );
    expect(sanitizeHtml('<p class="x" id="y" data-a="1">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<code class="language-ts evil">t</code>')).toBe('<code class="language-ts">t</code>');
  });

  it('keeps text as text', () => {
    expect(sanitizeHtml('1 &lt; 2 &amp; 3 &gt; 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitizeHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(sanitizeHtml('')).toBe('');
  });
});

describe('htmlToText', () => {
  it('gives the readable text only', () => {
    expect(
      htmlToText('<h1>标题</h1><p>a &lt;b&gt; &amp;&nbsp;c</p><script>evil()</script><style>p{}</style><p>第二段<br>第三行</p>'),
    ).toBe('标题 a <b> & c 第二段 第三行');
    expect(textExcerpt('<p>一二三四五六</p>', 4)).toBe('一二三四');
  });
});
