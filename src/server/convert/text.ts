import { writeFile } from 'node:fs/promises';
import { analyse } from 'chardet';
import { join } from 'node:path';
import { ConvertError } from './errors.ts';
import type { Job } from './job.ts';
import { sofficeToPdf } from './office.ts';
import { spreadsheetToPdf } from './spreadsheet.ts';

export const TEXT_EXTENSIONS = new Set(['.txt', '.csv', '.tsv']);

export type TextEncodingName = 'utf-8' | 'gb18030' | 'big5' | 'utf-16le' | 'utf-16be';

const CONTROL = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f]/g;

// chardet's names of the encodings Chinese text files come in → TextDecoder's
const DETECTED: Readonly<Record<string, TextEncodingName>> = {
  'UTF-8': 'utf-8',
  GB18030: 'gb18030',
  Big5: 'big5',
  'UTF-16LE': 'utf-16le',
  'UTF-16BE': 'utf-16be',
};
/** chardet's confidence (0–100) below which a guess is noise (a few characters fit several encodings) */
const MIN_CONFIDENCE = 20;
/** bytes chardet looks at: enough for its statistics, bounded for large files */
const SAMPLE = 64 * 1024;

/**
 * The encodings to try, most likely first: the one a byte order mark names; else UTF-8 (strict decoding
 * tells it apart: other multi-byte text practically never is valid UTF-8), chardet's ranking of the
 * Chinese encodings (Big5 and GB18030 are told apart by character frequencies), GB18030 when it has no
 * opinion (a superset of GBK and GB2312, the most common here), and UTF-16 without a mark when the
 * bytes hold NULs (no text in the other encodings does).
 */
function candidates(buf: Uint8Array): TextEncodingName[] {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return ['utf-8'];
  if (buf[0] === 0xff && buf[1] === 0xfe) return ['utf-16le'];
  if (buf[0] === 0xfe && buf[1] === 0xff) return ['utf-16be'];
  const sample = buf.subarray(0, SAMPLE);
  const ranked = analyse(sample)
    .filter((m) => m.confidence >= MIN_CONFIDENCE && DETECTED[m.name])
    .map((m) => DETECTED[m.name]);
  const wide: TextEncodingName[] = sample.includes(0) ? ['utf-16le', 'utf-16be'] : [];
  return [...new Set<TextEncodingName>(['utf-8', ...ranked, 'gb18030', ...wide])];
}

/**
 * Decodes text in the first of `candidates` that decodes strictly (BOM removed). Null when the bytes are
 * no text in any of them (invalid sequences, NUL or many control characters). `partial` accepts a
 * sequence cut at the end (a sample of a longer file).
 */
export function decodeText(buf: Uint8Array, partial = false): { text: string; encoding: TextEncodingName } | null {
  for (const encoding of candidates(buf)) {
    let text: string;
    try {
      text = new TextDecoder(encoding, { fatal: true }).decode(buf, { stream: partial });
    } catch {
      continue;
    }
    if (text.includes('\u0000') || (text.match(CONTROL)?.length ?? 0) > text.length / 100) continue;
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

/** txt/csv/tsv in UTF-8, GB18030/GBK, Big5 or UTF-16 → UTF-8 copy → LibreOffice (csv/tsv as spreadsheets) → PDF. */
export async function textToPdf(input: Buffer, ext: string, job: Job): Promise<string> {
  const decoded = decodeText(input);
  if (!decoded) throw new ConvertError('无法识别文本文件的编码（支持 UTF-8、GBK/GB18030、Big5 与 UTF-16）');
  const file = join(job.dir, `text${ext}`);
  await writeFile(file, decoded.text.replace(/\r\n?/g, '\n'), 'utf8');
  // CSV and TSV open as spreadsheets: printed without LibreOffice's page header and footer
  return ext === '.txt' ? sofficeToPdf(file, job, FILTERS[ext]) : spreadsheetToPdf(file, job, FILTERS[ext]);
}
