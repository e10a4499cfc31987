import { describe, expect, it } from 'vitest';
import { normaliseText } from '../../src/server/convert/page-text.ts';

describe('stored page text', () => {
  it('joins a printed line break between Chinese characters without a space', () => {
    expect(normaliseText('机\n器翻译是人工智能的目标之一，学情分\n析是教学设计的环节。\n')).toBe(
      '机器翻译是人工智能的目标之一，学情分析是教学设计的环节。',
    );
  });

  it('keeps paragraphs apart by a blank line and joins Latin lines with a space', () => {
    expect(normaliseText('第一段的前半\n后半部分。\n\nEnglish line\ncontinues here.\n\n\f')).toBe(
      '第一段的前半后半部分。\n\nEnglish line continues here.',
    );
  });

  it('joins lines printed as blocks of their own when a line filled the width mid-sentence', () => {
    const full = '这是一行排满了页面宽度的中文文字用来测试排版换行的效果机';
    expect(normaliseText(`${full}\n\n器翻译的下一行。\n\n第二段。\n`)).toBe(`${full}器翻译的下一行。\n\n第二段。`);
    // a short line before a blank line is a paragraph of its own (a heading)
    expect(normaliseText(`第一章 总则\n\n${full}\n`)).toBe(`第一章 总则\n\n${full}`);
  });

  it('folds radicals and no-break or ideographic spaces', () => {
    expect(normaliseText('\u3000\u3000孔⼦曰：\u00a0学而时习之\n')).toBe('孔子曰： 学而时习之');
  });
});
