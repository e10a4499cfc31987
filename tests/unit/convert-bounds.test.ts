import { describe, expect, it } from 'vitest';
import { cutText } from '../../src/server/convert/bounds.ts';
import { meanConfidence, ocrText, pagesToRecognise } from '../../src/server/convert/ocr.ts';

describe('cutText', () => {
  it('keeps short text, cuts long text at a near line end, never inside a surrogate pair', () => {
    expect(cutText('短文本', 10)).toBe('短文本');
    expect(cutText(`${'一'.repeat(95)}\n${'二'.repeat(20)}`, 100)).toBe(`${'一'.repeat(95)}\n`);
    expect(cutText('三'.repeat(200), 100)).toBe('三'.repeat(100));
    const cut = cutText(`${'a'.repeat(9)}😀😀`, 10);
    expect(cut).toBe('a'.repeat(9));
  });
});

describe('text recognition helpers', () => {
  it('recognises only pages of drawable originals that have no text, up to the bound', () => {
    const texts = ['有文字的一页', '', ' 3 ', '又有文字', ''];
    expect(pagesToRecognise('.pdf', texts, 50)).toEqual([2, 3, 5]);
    expect(pagesToRecognise('.png', [''], 50)).toEqual([1]);
    expect(pagesToRecognise('.pdf', texts, 2)).toEqual([2, 3]);
    expect(pagesToRecognise('.docx', texts, 50)).toEqual([]);
  });

  it('joins recognised Chinese that Tesseract spaced out, keeps English words apart', () => {
    expect(ocrText('古 籍 数 字 化 ， 工 程\n把 纸 页')).toBe('古籍数字化，工程把纸页');
    expect(ocrText('The quick  brown\nfox 跳 过')).toBe('The quick brown fox 跳过');
  });

  it('averages the confidence of recognised words only', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t100\t100\t-1\t',
      '5\t1\t1\t1\t1\t1\t0\t0\t10\t10\t90.5\t古籍',
      '5\t1\t1\t1\t1\t2\t0\t0\t10\t10\t70\tfox',
      '5\t1\t1\t1\t1\t3\t0\t0\t10\t10\t95\t ',
    ].join('\n');
    expect(meanConfidence(tsv)).toBe(80);
    expect(meanConfidence(tsv.split('\n').slice(0, 2).join('\n'))).toBe(0);
  });
});
