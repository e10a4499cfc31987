import { describe, expect, it } from 'vitest';
import { DOCUMENT_EXTENSIONS } from '../../src/domain/file-kind.ts';
import { formatHint, titleOf } from '../../src/islands/upload/upload-files.ts';

describe('upload page helpers', () => {
  it('suggests a title from a file name: no extension, date stamps, copy marks or underscores', () => {
    expect(titleOf('2023年考研政治真题.pdf')).toBe('2023年考研政治真题');
    expect(titleOf('机器学习_课程讲义_20230501.pdf')).toBe('机器学习 课程讲义');
    expect(titleOf('IMG_20240312_103000.pdf')).toBe('IMG');
    expect(titleOf('会议纪要-2024-03-12.docx')).toBe('会议纪要');
    expect(titleOf('项目周报 2024.3.8 (1).xlsx')).toBe('项目周报');
    expect(titleOf('合同范本 - 副本.doc')).toBe('合同范本');
    expect(titleOf('GB50010-2010 混凝土结构设计规范.pdf')).toBe('GB50010-2010 混凝土结构设计规范');
    expect(titleOf('20230501.pdf')).toBe('20230501');
    expect(titleOf('README')).toBe('README');
  });

  it('names the common formats in the hint, xlsx and txt included', () => {
    expect(formatHint(DOCUMENT_EXTENSIONS)).toBe('支持 PDF、Word、PPT、Excel、TXT、EPUB 等格式');
    expect(formatHint(['.pdf', '.xlsx', '.txt'])).toBe('支持 PDF、Excel、TXT 格式');
  });
});
