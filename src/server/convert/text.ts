import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConvertError } from './errors.ts';
import { sofficeToPdf, type Job } from './office.ts';
import { spreadsheetToPdf } from './spreadsheet.ts';

export const TEXT_EXTENSIONS = new Set(['.txt', '.csv', '.tsv']);

export type TextEncodingName = 'utf-8' | 'gb18030' | 'utf-16le' | 'utf-16be';

const CONTROL = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f]/g;

/**
 * Decodes text: a BOM decides, else strict UTF-8, else strict GB18030 (a superset of GBK and GB2312).
 * Null when the bytes are no text in any of these (invalid sequences, NUL or many control characters).
 * `partial` accepts a sequence cut at the end (a sample of a longer file).
 */
export function decodeText(buf: Uint8Array, partial = false): { text: string; encoding: TextEncodingName } | null {
  let candidates: TextEncodingName[] = ['utf-8', 'gb18030'];
  if (buf[0] === 0xff && buf[1] === 0xfe) candidates = ['utf-16le'];
  else if (buf[0] === 0xfe && buf[1] === 0xff) candidates = ['utf-16be'];
  for (const encoding of candidates) {
    let text: string;
    try {
      text = new TextDecoder(encoding, { fatal: true }).decode(buf, { stream: partial });
    } catch {
      continue;
    }
    if (text.includes('\u0000') || (text.match(CONTROL)?.length ?? 0) > text.length / 100) return null;
    return { text, encoding };
  }
  return null;
}

// LibreOffice import filters for UTF-8 input: text (charset, line ends, font, language) and CSV/TSV
// (separator, quote, charset 76 = UTF-8, first line)
const FILTERS: Record<string, string> = {
  '.txt': 'Text (encoded):UTF8,LF,,zh-CN,',
  '.csv': 'CSV:44,34,76,1',
  '.tsv': 'CSV:9,34,76,1',
};

/** txt/csv/tsv in UTF-8, GB18030/GBK or UTF-16 → UTF-8 copy → LibreOffice (csv/tsv as spreadsheets) → PDF. */
export async function textToPdf(input: Buffer, ext: string, job: Job): Promise<string> {
  const decoded = decodeText(input);
  if (!decoded) throw new ConvertError('无法识别文本文件的编码（支持 UTF-8、GBK/GB18030 与 UTF-16）');
  const file = join(job.dir, `text${ext}`);
  await writeFile(file, decoded.text.replace(/\r\n?/g, '\n'), 'utf8');
  // CSV and TSV open as spreadsheets: printed without LibreOffice's page header and footer
  return ext === '.txt' ? sofficeToPdf(file, job, FILTERS[ext]) : spreadsheetToPdf(file, job, FILTERS[ext]);
}
