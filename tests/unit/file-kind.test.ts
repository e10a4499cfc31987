import { describe, expect, it } from 'vitest';
import {
  FILE_KIND_ICONS,
  FILE_KIND_LABELS,
  extensionOf,
  fileKind,
  fileKindIcon,
  fileKindLabel,
} from '../../src/domain/file-kind.ts';
import { IMAGE_EXTENSIONS, isImageExt } from '../../src/lib/image.ts';

describe('fileKind', () => {
  it.each([
    ['pdf', 'pdf'],
    ['doc', 'word'],
    ['docx', 'word'],
    ['rtf', 'word'],
    ['wps', 'word'],
    ['odt', 'word'],
    ['dot', 'word'],
    ['ppt', 'ppt'],
    ['pptx', 'ppt'],
    ['pps', 'ppt'],
    ['ppsx', 'ppt'],
    ['dps', 'ppt'],
    ['odp', 'ppt'],
    ['pot', 'ppt'],
    ['xls', 'excel'],
    ['xlsx', 'excel'],
    ['et', 'excel'],
    ['ods', 'excel'],
    ['csv', 'excel'],
    ['tsv', 'excel'],
    ['txt', 'text'],
    ['epub', 'epub'],
    ['mobi', 'mobi'],
    ['chm', 'chm'],
    ['umd', 'umd'],
    ['zip', 'zip'],
    ['rar', 'rar'],
    ['mp4', 'video'],
    ['avi', 'video'],
    ['azw3', 'other'],
    ['exe', 'other'],
    ['', 'other'],
  ])('%s → %s', (ext, kind) => {
    expect(fileKind(ext)).toBe(kind);
  });

  it('accepts dots, upper case, paths and names', () => {
    expect(fileKind('.DOCX')).toBe('word');
    expect(fileKind('a/b/name.docx')).toBe('word');
    expect(fileKind('报告.final.PDF')).toBe('pdf');
    expect(fileKind('/uploads/x/y.pptx?v=1')).toBe('ppt');
    expect(fileKind(undefined)).toBe('other');
    expect(extensionOf('C:\\docs\\a.TXT')).toBe('txt');
  });

  it('has an icon and a Chinese label per kind', () => {
    expect(FILE_KIND_ICONS.word).toBe('/icons/filetype/word.svg');
    expect(fileKindIcon('x.rar')).toBe('/icons/filetype/rar.svg');
    expect(Object.keys(FILE_KIND_ICONS)).toHaveLength(13);
    expect(Object.values(FILE_KIND_LABELS)).toEqual([
      'PDF',
      'Word',
      'PPT',
      'Excel',
      '文本',
      'EPUB',
      'MOBI',
      'CHM',
      'UMD',
      '压缩包',
      '压缩包',
      '视频',
      '其他',
    ]);
    expect(fileKindLabel('a.txt')).toBe('文本');
  });
});

describe('isImageExt', () => {
  it('recognises exactly the spec image extensions', () => {
    expect(IMAGE_EXTENSIONS).toEqual(['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg']);
    for (const e of ['jpg', '.JPEG', 'a/b.png', 'x.gif', 'y.WebP', 'icon.svg']) expect(isImageExt(e)).toBe(true);
    for (const e of ['bmp', 'ico', 'pdf', '', 'png.exe']) expect(isImageExt(e)).toBe(false);
  });
});
