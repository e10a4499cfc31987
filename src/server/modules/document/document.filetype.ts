import { fileTypeFromBuffer } from 'file-type';

/**
 * What the bytes of each upload extension must look like. `types` are file-type results;
 * OLE (cfb) containers must hold the application's main stream, zip containers the
 * application's parts; text must be text; UMD has its own magic number.
 */
interface Rule {
  types: readonly string[];
  cfb?: readonly string[];
  zip?: (names: string[]) => boolean;
  text?: boolean;
  magic?: Buffer;
}

const WORD = ['WordDocument'];
const EXCEL = ['Workbook', 'Book'];
const POWERPOINT = ['PowerPoint Document'];
const ooxml = (dir: string) => (names: string[]) => names.includes('[Content_Types].xml') && names.some((n) => n.startsWith(dir));
const odf = (names: string[]) => names.includes('mimetype') && names.includes('content.xml');
const epub = (names: string[]) => names.includes('mimetype') && names.includes('META-INF/container.xml');
const DOCX = ['docx', 'docm', 'dotx', 'dotm'];
const PPTX = ['pptx', 'ppsx', 'potx', 'pptm', 'ppsm', 'potm'];
const XLSX = ['xlsx', 'xlsm', 'xltx', 'xltm'];
const TEXT: Rule = { types: [], text: true };
const KINDLE: Rule = { types: ['mobi'] };

const RULES: Readonly<Record<string, Rule>> = {
  '.pdf': { types: ['pdf'] },
  '.doc': { types: ['cfb'], cfb: WORD },
  '.dot': { types: ['cfb'], cfb: WORD },
  '.wps': { types: ['cfb', ...DOCX], cfb: WORD, zip: ooxml('word/') },
  '.docx': { types: DOCX, zip: ooxml('word/') },
  '.rtf': { types: ['rtf'] },
  '.odt': { types: ['odt', 'ott'], zip: odf },
  '.ppt': { types: ['cfb'], cfb: POWERPOINT },
  '.pps': { types: ['cfb'], cfb: POWERPOINT },
  '.pot': { types: ['cfb'], cfb: POWERPOINT },
  '.dps': { types: ['cfb', ...PPTX], cfb: POWERPOINT, zip: ooxml('ppt/') },
  '.pptx': { types: PPTX, zip: ooxml('ppt/') },
  '.ppsx': { types: PPTX, zip: ooxml('ppt/') },
  '.odp': { types: ['odp', 'otp'], zip: odf },
  '.xls': { types: ['cfb'], cfb: EXCEL },
  '.et': { types: ['cfb', ...XLSX], cfb: EXCEL, zip: ooxml('xl/') },
  '.xlsx': { types: XLSX, zip: ooxml('xl/') },
  '.ods': { types: ['ods', 'ots'], zip: odf },
  '.csv': TEXT,
  '.tsv': TEXT,
  '.txt': TEXT,
  '.epub': { types: ['epub'], zip: epub },
  '.mobi': KINDLE,
  '.azw': KINDLE,
  '.azw3': KINDLE,
  '.azw4': KINDLE,
  '.chm': { types: ['chm'] },
  '.umd': { types: [], magic: Buffer.from([0x89, 0x9b, 0x9a, 0xde]) },
};

/** Entry names of a zip's central directory; empty when the buffer is no readable zip. */
export function zipEntryNames(buf: Buffer): string[] {
  const from = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  const names: string[] = [];
  let p = buf.readUInt32LE(eocd + 16);
  for (let n = buf.readUInt16LE(eocd + 10); n > 0 && p + 46 <= buf.length && buf.readUInt32LE(p) === 0x02014b50; n--) {
    const nameLen = buf.readUInt16LE(p + 28);
    names.push(buf.toString('utf8', p + 46, p + 46 + nameLen));
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return names;
}

/** An OLE container holding one of these streams (directory names are NUL-terminated UTF-16LE). */
const cfbHolds = (buf: Buffer, streams: readonly string[]) => streams.some((s) => buf.includes(Buffer.from(`${s}\0`, 'utf16le')));

/** Plain text in any common encoding (UTF-8, GB18030, UTF-16 with a BOM): no NUL and almost no control bytes. */
export function looksLikeText(buf: Buffer): boolean {
  if (buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))) return true;
  const sample = buf.subarray(0, 64 * 1024);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) control++;
  }
  return control <= sample.length / 100;
}

/** Whether the bytes really are a file of this (lower-case, dotted) extension. */
export async function contentMatchesExtension(buf: Buffer, ext: string): Promise<boolean> {
  const rule = RULES[ext];
  if (!rule) return false;
  const detected = (await fileTypeFromBuffer(buf))?.ext;
  if (rule.text) return detected === undefined && looksLikeText(buf);
  if (rule.magic) return buf.subarray(0, rule.magic.length).equals(rule.magic);
  if (detected === 'cfb') return rule.types.includes('cfb') && cfbHolds(buf, rule.cfb ?? []);
  if (detected && rule.types.includes(detected)) return true;
  return detected === 'zip' && Boolean(rule.zip?.(zipEntryNames(buf)));
}
