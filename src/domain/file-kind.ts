/**
 * Document extensions and file kinds (contract §4.13, spec §3 "File kind by extension"), defined
 * once for the upload rules, the list filters and the icons.
 */

/** Upload extensions by `ext` filter group (contract §4.13); upload accepts exactly their union. */
export const EXT_GROUPS = {
  pdf: ['.pdf'],
  doc: ['.doc', '.docx', '.rtf', '.wps', '.odt', '.dot'],
  ppt: ['.ppt', '.pptx', '.pps', '.ppsx', '.dps', '.odp', '.pot'],
  xls: ['.xls', '.xlsx', '.et', '.ods', '.csv', '.tsv'],
  txt: ['.txt'],
  // pictures (scans) become one-page documents, their text recognised (OCR)
  other: ['.epub', '.mobi', '.chm', '.umd', '.azw', '.azw3', '.azw4', '.png', '.jpg', '.jpeg'],
} as const satisfies Record<string, readonly string[]>;
/** The `ext` filter of the library and search pages: `[group, label]`, '' for all. */
export const EXT_FILTER_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ['', '全部'],
  ['pdf', 'PDF'],
  ['doc', 'Word'],
  ['ppt', 'PPT'],
  ['xls', 'Excel'],
  ['txt', 'TXT'],
  ['other', '其他'],
];
/** Every extension the server converts, in table order. */
export const DOCUMENT_EXTENSIONS: readonly string[] = Object.values(EXT_GROUPS).flat();

export type FileKind =
  'pdf' | 'word' | 'ppt' | 'excel' | 'text' | 'epub' | 'mobi' | 'chm' | 'umd' | 'zip' | 'rar' | 'video' | 'other';

const bare = (exts: readonly string[]): string[] => exts.map((e) => e.slice(1));

const EXTENSIONS: Readonly<Record<Exclude<FileKind, 'other'>, readonly string[]>> = {
  pdf: bare(EXT_GROUPS.pdf),
  word: bare(EXT_GROUPS.doc),
  ppt: bare(EXT_GROUPS.ppt),
  excel: bare(EXT_GROUPS.xls),
  text: bare(EXT_GROUPS.txt),
  epub: ['epub'],
  mobi: ['mobi'],
  chm: ['chm'],
  umd: ['umd'],
  zip: ['zip'],
  rar: ['rar'],
  video: ['mp4', 'avi'],
};

const KIND_BY_EXT = new Map<string, FileKind>(
  Object.entries(EXTENSIONS).flatMap(([kind, exts]) => exts.map((e) => [e, kind as FileKind] as const)),
);

export const FILE_KINDS: readonly FileKind[] = [...(Object.keys(EXTENSIONS) as FileKind[]), 'other'];

/** Icon per kind; the SVGs live in `public/icons/filetype/`. */
export const FILE_KIND_ICONS: Readonly<Record<FileKind, string>> = Object.fromEntries(
  FILE_KINDS.map((k) => [k, `/icons/filetype/${k}.svg`]),
) as Record<FileKind, string>;

export const FILE_KIND_LABELS: Readonly<Record<FileKind, string>> = {
  pdf: 'PDF',
  word: 'Word',
  ppt: 'PPT',
  excel: 'Excel',
  text: '文本',
  epub: 'EPUB',
  mobi: 'MOBI',
  chm: 'CHM',
  umd: 'UMD',
  zip: '压缩包',
  rar: '压缩包',
  video: '视频',
  other: '其他',
};

/**
 * Lower-case extension without the dot. Accepts `.DOCX`, `docx`, `a/b/name.docx` and
 * URLs with a query string; a bare word is taken as the extension itself.
 */
export function extensionOf(extOrName: string | null | undefined): string {
  const s = (extOrName ?? '').trim().toLowerCase().split(/[?#]/)[0] ?? '';
  const base = s.slice(Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot >= 0 ? base.slice(dot + 1) : base;
}

export function fileKind(extOrName: string | null | undefined): FileKind {
  return KIND_BY_EXT.get(extensionOf(extOrName)) ?? 'other';
}

export function fileKindIcon(extOrName: string | null | undefined): string {
  return FILE_KIND_ICONS[fileKind(extOrName)];
}

export function fileKindLabel(extOrName: string | null | undefined): string {
  return FILE_KIND_LABELS[fileKind(extOrName)];
}
