import { describe, expect, it } from 'vitest';
import { lexemesBody, lexemesLiteral } from '../../../src/server/search/lexemes.ts';
import { indexTokens, itemTokens } from '../../../src/server/search/grams.ts';
import { segmentQuery } from '../../../src/server/search/segment.ts';
import { parseQuery } from '../../../src/server/search/terms.ts';
import { distinctHits, highlight, htmlToText, snippet, wordsPattern } from '../../../src/server/search/snippet.ts';
import { snippets } from '../../../src/server/search/search.helpers.ts';

describe('search text helpers', () => {
  it('tokens for the index: character pairs of Chinese runs and their last character, whole words otherwise', () => {
    expect(indexTokens('量子纠缠实验报告')).toEqual(['量子', '子纠', '纠缠', '缠实', '实验', '验报', '报告', '告']);
    // lower case, full-width folded, punctuation dropped; a run ends at punctuation or another script
    expect(indexTokens('Hello, C++ 和 e-mail：２０２４年ＰＤＦ！')).toEqual([
      'hello',
      'c',
      '和',
      'e',
      'mail',
      '2024',
      '年',
      'pdf',
    ]);
    expect(indexTokens('')).toEqual([]);
    // words of other scripts stay whole (Latin ones lose their accents); Japanese kana pair like
    // Chinese; rare characters count as one
    expect(indexTokens('Café 한국어 हिन्दी 中文')).toEqual(['cafe', '한국어', 'हिन्दी', '中文', '文']);
    expect(indexTokens('カタカナ 𠀀𠀁好')).toEqual(['カタ', 'タカ', 'カナ', 'ナ', '𠀀𠀁', '𠀁好', '好']);
  });

  it("holds each of an item's tokens once, the title's and keywords' also behind their marks", () => {
    const tokens = itemTokens({ title: '量子', keywords: '物理', texts: ['量子力学', '物理量子'] });
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(new Set(tokens)).toEqual(
      new Set([
        '量子',
        '子',
        '物理',
        '理',
        '子力',
        '力学',
        '学',
        '理量',
        '\ue000量子',
        '\ue000子',
        '\ue001量子',
        '\ue001子',
        '\ue001物理',
        '\ue001理',
      ]),
    );
  });

  it('asks for the pairs of jieba words, or of the whole run where jieba leaves single characters', () => {
    const grams = (q: string) => parseQuery(q).terms.map((t) => (t.prefix ? `${t.grams[0]}*` : t.grams.join('+')));
    expect(grams('量子纠缠实验报告')).toEqual(['量子', '纠缠', '实验', '报告']);
    expect(grams('华人民')).toEqual(['华人+人民']);
    expect(grams('实验的报告')).toEqual(['实验+验的+的报+报告']);
    expect(grams('共和国')).toEqual(['共和+和国']);
    expect(grams('的 CAFÉ')).toEqual(['的*', 'cafe']);
    expect(grams('，。！')).toEqual([]);
    expect(parseQuery('量子纠缠').words).toEqual(['量子纠缠', '量子', '纠缠']);
  });

  it('asks for the parts of a compound, not the compound itself', () => {
    expect(segmentQuery('量子纠缠实验报告')).toEqual(['量子', '纠缠', '实验', '报告']);
    expect(segmentQuery('量子 纠缠 量子')).toEqual(['量子', '纠缠']);
    expect(segmentQuery('中华人民共和国')).not.toContain('中华人民共和国');
    expect(segmentQuery('，。！？')).toEqual([]);
    expect(segmentQuery('一 二 三 四 五 六 七 八 九 十 百 千')).toHaveLength(10);
  });

  it('turns article HTML into text: inline tags join, blocks separate, scripts go, entities decode', () => {
    const html = '<p>机器<strong>学习</strong>入门</p><script>alert(1)</script><div>第二段&nbsp;&lt;b&gt; &#x4e2d;&#25991;</div>';
    expect(htmlToText(html)).toBe('机器学习入门 第二段 <b> 中文');
  });

  it('escapes first and highlights whole hits, merging adjacent words', () => {
    const p = wordsPattern(['机器', '学习', 'ai']);
    expect(highlight('<机器学习> & AI', p)).toBe('&lt;<em>机器学习</em>&gt; &amp; <em>AI</em>');
    expect(highlight('a "quote"', null)).toBe('a &quot;quote&quot;');
  });

  it('cuts a snippet around the hits with ellipses', () => {
    const text = `${'无关内容。'.repeat(60)}这里讲量子纠缠。${'其他内容。'.repeat(60)}`;
    const s = snippet(text, wordsPattern(['量子', '纠缠']), 40);
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('<em>量子纠缠</em>');
    expect(snippet('短文本', wordsPattern(['文本']))).toBe('短<em>文本</em>');
  });

  it('snippets come from the text holding the most different words, the first of equals', () => {
    const p = wordsPattern(['量子', '纠缠']);
    // case differs, the word is the same: two spellings of one word count once
    expect(distinctHits('PDF 与 pdf', wordsPattern(['PDF', 'pdf']))).toBe(1);
    expect(distinctHits('量子量子量子纠缠', p)).toBe(2);
    const hit = (id: number, ...pages: string[]) => ({
      id,
      rel: 1,
      hitPages: pages.map((_, i) => i + 1),
      pageTexts: new Map(pages.map((t, i) => [i + 1, t])),
    });
    const heads = new Map([
      [1, '只讲量子'],
      [2, '量子与纠缠'],
    ]);
    const out = snippets([hit(1, '量子', '纠缠与量子', '量子纠缠'), hit(2, '量子纠缠实验')], heads, p);
    expect(out.get(1)).toBe('<em>纠缠</em>与<em>量子</em>');
    // the head holds both words already: no page can do better
    expect(out.get(2)).toBe('<em>量子</em>与<em>纠缠</em>');
  });

  it('writes tsvector literals that PostgreSQL accepts, within its size limit', () => {
    const literal = (tokens: string[], kept: string[]) => lexemesLiteral(lexemesBody(tokens), kept);
    expect(literal(['正文', "it's", 'a\\b'], ['~doc.10.0'])).toBe("'正文' 'it''s' 'a\\\\b' '~doc.10.0'");
    expect(literal([], ['~doc.10.0'])).toBe("'~doc.10.0'");
    expect(literal(['', '一个', '\u0000', '的'], [])).toBe("'一个' '的'");
    const huge = Array.from({ length: 120_000 }, (_, i) => `词${i}`);
    const lit = literal(huge, ['~doc.10.0']);
    expect(Buffer.byteLength(lit)).toBeLessThan(1_000_000);
    expect(lit.startsWith("'词0' '词1' ")).toBe(true);
    expect(lit.endsWith("' '~doc.10.0'")).toBe(true);
  });
});
