import { processEnv } from '../config.ts';

/**
 * What one document may cost the converter, bounded by what a reader sees: a 5 MB text became
 * 6,981 pages and held a converter for 7½ minutes, though a reader is shown at most a few dozen
 * pages. A document cut by a bound is still converted; its `convert_error` says what was left out
 * (convert/queue.ts `finishConverted`).
 */
export interface ConvertBounds {
  /** Characters of a text upload (txt/csv/tsv) converted; about 1,000 fill a page. */
  textChars: number;
  /** Pages rendered as page images, whatever `max_preview` allows. */
  renderedPages: number;
  /** Pages whose text is extracted (search, 文字 mode, description). */
  textPages: number;
  /** Sheets a workbook may have for its printable preview step; a larger one is exported as it is. */
  sheets: number;
  /** Scanned pages recognised (OCR) per document. */
  ocrPages: number;
}

const DEFAULTS: ConvertBounds = { textChars: 300_000, renderedPages: 300, textPages: 2_000, sheets: 64, ocrPages: 50 };

const positive = (v: string | undefined, fallback: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** The bounds, each overridable by its `WENKU_CONVERT_MAX_*` variable (read at each job: tests change them). */
export const convertBounds = (env: NodeJS.ProcessEnv = processEnv()): ConvertBounds => ({
  textChars: positive(env.WENKU_CONVERT_MAX_TEXT_CHARS, DEFAULTS.textChars),
  renderedPages: positive(env.WENKU_CONVERT_MAX_RENDERED_PAGES, DEFAULTS.renderedPages),
  textPages: positive(env.WENKU_CONVERT_MAX_TEXT_PAGES, DEFAULTS.textPages),
  sheets: positive(env.WENKU_CONVERT_MAX_SHEETS, DEFAULTS.sheets),
  ocrPages: positive(env.WENKU_OCR_MAX_PAGES, DEFAULTS.ocrPages),
});

/** Files up to this size (bytes) may also take the quick lane (convert/worker.ts), never held behind a large one. */
export const QUICK_LANE_BYTES = 2 * 1024 * 1024;

const group = (n: number) => n.toLocaleString('en-US');

/** The notes a bounded document keeps in `convert_error` (status 2), in Chinese. */
export const boundNote = {
  text: (kept: number, total: number) => `文本过长：只转换了前 ${group(kept)} 个字符（共 ${group(total)} 个）`,
  rendered: (kept: number, total: number) => `页数过多：只生成了前 ${group(kept)} 页的预览图（共 ${group(total)} 页）`,
  textPages: (kept: number, total: number) => `页数过多：只提取了前 ${group(kept)} 页的文字（共 ${group(total)} 页）`,
  sheets: (total: number) => `工作表过多（${group(total)} 个）：按原样导出，未去除页眉页脚与添加网格线`,
};

/** Cuts text to `max` characters, at a line end when one is near. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  // never half of a surrogate pair
  const cut = text.slice(0, /[\ud800-\udbff]/.test(text[max - 1] ?? '') ? max - 1 : max);
  const line = cut.lastIndexOf('\n');
  return line > max * 0.9 ? cut.slice(0, line + 1) : cut;
}
