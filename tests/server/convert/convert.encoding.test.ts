import iconv from 'iconv-lite';
import { describe, expect } from 'vitest';
import { decodeText } from '../../../src/server/convert/text.ts';
import { ConverterWorker } from '../../../src/server/convert/worker.ts';
import type { TestApp } from '../support/app.ts';
import { category } from '../support/documents.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { uploadDocument } from '../support/pages.ts';
import { getDocument, pageTexts } from './convert.support.ts';

// characters common to simplified and traditional Chinese (Big5 has no simplified forms), so that every
// encoding holds the same text
const TEXT = [
  '中文文件編碼測試：同一段文字以不同的編碼保存。',
  '文庫把上傳的文件轉換為預覽頁面，並提取文字用於全文檢索。',
  '春眠不覺曉，處處聞啼鳥。夜來風雨聲，花落知多少。',
].join('\n');

const BOM = { utf8: [0xef, 0xbb, 0xbf], le: [0xff, 0xfe], be: [0xfe, 0xff] };
const withBom = (bom: number[], data: Buffer) => Buffer.concat([Buffer.from(bom), data]);

const ENCODED: Array<[string, Buffer, string]> = [
  ['UTF-8', Buffer.from(TEXT), 'utf-8'],
  ['UTF-8 with BOM', withBom(BOM.utf8, Buffer.from(TEXT)), 'utf-8'],
  ['UTF-16 LE with BOM', withBom(BOM.le, iconv.encode(TEXT, 'utf-16le')), 'utf-16le'],
  ['UTF-16 BE with BOM', withBom(BOM.be, iconv.encode(TEXT, 'utf-16be')), 'utf-16be'],
  ['UTF-16 LE without BOM', iconv.encode(TEXT, 'utf-16le'), 'utf-16le'],
  ['GB18030', iconv.encode(TEXT, 'gb18030'), 'gb18030'],
  ['GBK', iconv.encode(TEXT, 'gbk'), 'gb18030'],
  ['Big5', iconv.encode(TEXT, 'big5'), 'big5'],
];

describe('text uploads: the encoding is detected', () => {
  it.each(ENCODED)('decodes the same Chinese text from %s', (_, data, encoding) => {
    expect(decodeText(data)).toEqual({ text: TEXT, encoding });
  });

  it('detects Big5 and GBK from a sample cut inside a character, and refuses binary', () => {
    const big5 = iconv.encode(TEXT.repeat(4), 'big5');
    expect(decodeText(big5.subarray(0, 101), true)?.encoding).toBe('big5');
    const gbk = iconv.encode(TEXT.repeat(4), 'gbk');
    expect(decodeText(gbk.subarray(0, 101), true)?.encoding).toBe('gb18030');
    const random = Buffer.alloc(4096);
    for (let i = 0; i < random.length; i++) random[i] = (i * 7919 + (i >> 3) * 104729) % 256;
    expect(decodeText(random)).toBeNull();
  });
});

describeEachDialect('text uploads in Big5, UTF-16 and GBK convert into searchable text (%s)', { member: false }, () => {
  let t: TestApp;
  const ids: number[] = [];
  onStart(async (started) => {
    ({ t } = started);
    const { admin } = started;
    const cat = await category(t, admin, '编码');
    for (const [name, data] of ENCODED.filter(([n]) => ['Big5', 'UTF-16 BE with BOM', 'GBK'].includes(n)))
      ids.push(await uploadDocument(t, admin, cat, data, `${name}.txt`, `编码 ${name}`));
    const worker = new ConverterWorker(t.ctx);
    while (await worker.convertOne()) {
      /* until the queue is empty */
    }
  }, 120_000);

  it('stores the text as written, not mojibake', async () => {
    for (const id of ids) {
      const doc = await getDocument(t, id);
      expect(doc.status, doc.convert_error).toBe(2);
      const text = (await pageTexts(t, doc.hash)).join(' ');
      expect(text).toContain('春眠不覺曉，處處聞啼鳥。');
      expect(text).toContain('文庫把上傳的文件轉換為預覽頁面');
    }
  });
});
