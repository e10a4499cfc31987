import { describe, expect, it } from 'vitest';
import { reflow, textPagesHtml } from '../../src/views/document/reader.ts';

describe('text mode of the reader', () => {
  it('joins layout line breaks (Chinese without a space) and keeps blank-line paragraphs', () => {
    expect(reflow('第一段的前半\n后半部分。\n\nEnglish line\ncontinues here.\n')).toEqual([
      '第一段的前半后半部分。',
      'English line continues here.',
    ]);
  });

  it('cuts a long one-line page after sentence ends into readable paragraphs', () => {
    const sentence = '这是一句用来测试文字模式分段的中文句子，长度大约三十个字。';
    const page = sentence.repeat(10);
    const paragraphs = reflow(page);
    expect(paragraphs.length).toBeGreaterThan(1);
    expect(paragraphs.join('')).toBe(page);
    for (const p of paragraphs) expect(p.endsWith('。')).toBe(true);
  });

  it('renders one article per page with its paragraphs escaped', () => {
    const out = textPagesHtml([{ page: 3, text: '<b>粗体</b>不会生效。' }]);
    expect(out).toContain('data-page="3"');
    expect(out).toContain('第 3 页');
    expect(out).toContain('&lt;b&gt;粗体&lt;/b&gt;不会生效。');
  });
});
