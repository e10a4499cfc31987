import { open, type FileHandle } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { ConvertError } from './errors.ts';
import { decodeText } from './text.ts';
import { readZipText, zipEntries } from './zip-entries.ts';

/** What a file's bytes really are: a `file-type` extension (families folded), `text`, `umd`, `empty` or `binary`. */
export interface ContentType {
  kind: string;
  label: string;
}

const LABELS: Record<string, string> = {
  pdf: 'PDF 文档',
  cfb: 'Office 97-2003 格式文档',
  docx: 'Word 文档（DOCX）',
  pptx: 'PowerPoint 演示文稿（PPTX）',
  xlsx: 'Excel 表格（XLSX）',
  odt: 'OpenDocument 文本',
  ods: 'OpenDocument 表格',
  odp: 'OpenDocument 演示文稿',
  rtf: 'RTF 文档',
  epub: 'EPUB 电子书',
  mobi: 'MOBI/AZW 电子书',
  chm: 'CHM 帮助文件',
  umd: 'UMD 电子书',
  text: '纯文本文件',
  empty: '空文件',
  binary: '无法识别的二进制文件',
  zip: 'ZIP 压缩包',
  rar: 'RAR 压缩包',
  '7z': '7z 压缩包',
  gz: 'gzip 压缩包',
  'tar.gz': 'tar.gz 压缩包',
  tar: 'tar 归档',
  elf: 'ELF 可执行文件',
  exe: 'Windows 可执行文件（EXE）',
  macho: 'macOS 可执行文件',
  apk: 'Android 安装包（APK）',
  jar: 'Java 程序包（JAR）',
  wasm: 'WebAssembly 程序',
  jpg: 'JPEG 图片',
  png: 'PNG 图片',
  gif: 'GIF 图片',
  webp: 'WebP 图片',
  bmp: 'BMP 图片',
  mp4: 'MP4 视频',
  mp3: 'MP3 音频',
  sqlite: 'SQLite 数据库',
};

// template and macro variants convert like the main format
const FAMILY: Record<string, string> = {
  docm: 'docx',
  dotx: 'docx',
  dotm: 'docx',
  pptm: 'pptx',
  ppsx: 'pptx',
  ppsm: 'pptx',
  potx: 'pptx',
  potm: 'pptx',
  xlsm: 'xlsx',
  xltx: 'xlsx',
  xltm: 'xlsx',
  ott: 'odt',
  ots: 'ods',
  otp: 'odp',
};

// file-type results that are still plain text to us
const TEXTUAL = new Set(['xml', 'ics', 'vcf', 'vtt', 'reg']);

const ODF: Record<string, string> = {
  'application/epub+zip': 'epub',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};

const UMD_MAGIC = Buffer.from([0x89, 0x9b, 0x9a, 0xde]);
const HEAD = 64 * 1024;

const typeOf = (kind: string): ContentType => ({ kind, label: LABELS[kind] ?? `${kind.toUpperCase()} 文件` });

/** Inside a ZIP: EPUB and OpenDocument by their `mimetype` entry, OOXML by its part folders. */
async function zipKind(fh: FileHandle, size: number): Promise<string> {
  const entries = await zipEntries(fh, size);
  if (!entries) return 'zip';
  const mimetype = entries.find((e) => e.name === 'mimetype');
  const odf = mimetype ? ODF[(await readZipText(fh, mimetype))?.trim() ?? ''] : undefined;
  if (odf) return odf;
  if (entries.some((e) => e.name === '[Content_Types].xml')) {
    for (const [dir, kind] of [
      ['word/', 'docx'],
      ['ppt/', 'pptx'],
      ['xl/', 'xlsx'],
    ] as const) {
      if (entries.some((e) => e.name.startsWith(dir))) return kind;
    }
  }
  return 'zip';
}

/** Detects the type of a file from its content (never from its name). */
export async function detectContentType(path: string): Promise<ContentType> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    if (size === 0) return typeOf('empty');
    const head = Buffer.alloc(Math.min(size, HEAD));
    await fh.read(head, 0, head.length, 0);
    if (head.subarray(0, 4).equals(UMD_MAGIC)) return typeOf('umd');
    if (head.toString('latin1', 0, 3) === 'TPZ') return typeOf('mobi'); // Kindle Topaz (.azw)
    let kind = (await fileTypeFromFile(path))?.ext;
    if (kind === 'zip' || (!kind && head.length >= 4 && head.readUInt32LE(0) === 0x04034b50)) kind = await zipKind(fh, size);
    if (kind && !TEXTUAL.has(kind)) return typeOf(FAMILY[kind] ?? kind);
    if (decodeText(head, size > head.length)) return typeOf('text');
    return typeOf(kind ?? 'binary');
  } finally {
    await fh.close();
  }
}

const WORD = ['cfb', 'docx', 'odt', 'rtf'];
const SLIDES = ['cfb', 'pptx', 'odp'];
const SHEETS = ['cfb', 'xlsx', 'ods'];
const KINDLE = ['mobi'];

/**
 * The contents each upload extension may hold. Old Word/Excel/WPS names also accept text: web pages and
 * XML saved as `.doc`/`.xls` are common and LibreOffice opens them.
 */
const EXPECTED: Record<string, readonly string[]> = {
  '.pdf': ['pdf'],
  '.doc': [...WORD, 'text'],
  '.wps': [...WORD, 'text'],
  '.dot': WORD,
  '.docx': WORD,
  '.rtf': WORD,
  '.odt': WORD,
  '.ppt': SLIDES,
  '.pps': SLIDES,
  '.pot': SLIDES,
  '.dps': SLIDES,
  '.pptx': SLIDES,
  '.ppsx': SLIDES,
  '.odp': SLIDES,
  '.xls': [...SHEETS, 'text'],
  '.et': [...SHEETS, 'text'],
  '.xlsx': SHEETS,
  '.ods': SHEETS,
  '.txt': ['text'],
  '.csv': ['text'],
  '.tsv': ['text'],
  '.epub': ['epub'],
  '.mobi': KINDLE,
  '.azw': KINDLE,
  '.azw3': KINDLE,
  '.azw4': KINDLE,
  '.chm': ['chm'],
  '.umd': ['umd'],
  '.png': ['png'],
  '.jpg': ['jpg'],
  '.jpeg': ['jpg'],
};

/** Throws the user-facing reason when the content does not fit the (lower-case, dotted) extension. */
export function assertContentMatches(ext: string, type: ContentType): void {
  const expected = EXPECTED[ext];
  if (!expected) throw new ConvertError(`不支持的文档格式：${ext || '无扩展名'}`);
  if (type.kind === 'empty') throw new ConvertError('文件为空，无法转换');
  if (!expected.includes(type.kind)) throw new ConvertError(`文件内容与扩展名不符：实际为 ${type.label}`);
}
