import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConvertError } from './errors.ts';
import { runTool } from './exec.ts';
import { IMAGE_EXTENSIONS } from './image.ts';
import type { Job } from './job.ts';
import { normaliseText } from './page-text.ts';
import { childEnv, which } from './tools.ts';

/**
 * Text recognition (Tesseract) of pages that have no text layer: scanned PDFs and pictures uploaded
 * as documents. Optional: without `tesseract` such pages simply keep no text. It runs after the
 * document is live, as the converter's lowest-priority work (ocr-queue.ts).
 */

/** Sources whose pages can be drawn again from the stored original (office files keep no PDF). */
export const OCR_EXTENSIONS = new Set(['.pdf', ...IMAGE_EXTENSIONS]);

/** A page with fewer characters than this has no text layer worth the name (a page number at most). */
const MIN_TEXT_CHARS = 3;

/** The pages (from 1) to recognise: those without text, at most `max`; none for formats without a drawable original. */
export function pagesToRecognise(ext: string, texts: readonly string[], max: number): number[] {
  if (!OCR_EXTENSIONS.has(ext)) return [];
  const pages: number[] = [];
  for (let i = 0; i < texts.length && pages.length < max; i++)
    if (texts[i]!.replace(/\s/g, '').length < MIN_TEXT_CHARS) pages.push(i + 1);
  return pages;
}

/** The Tesseract languages used, the first read first (recognise). */
export const OCR_LANGUAGES = [
  { code: 'chi_sim', name: '简体中文' },
  { code: 'eng', name: '英文' },
] as const;

let languages: { path: string; langs: Promise<string[]> } | null = null;

/** The wanted languages `tesseract` has data for ([] when it is missing or has none); probed once per install. */
export function ocrLanguages(): Promise<string[]> {
  const tesseract = which('tesseract');
  if (!tesseract) return Promise.resolve([]);
  if (languages?.path !== tesseract)
    languages = {
      path: tesseract,
      langs: new Promise((resolve) =>
        execFile(tesseract, ['--list-langs'], { timeout: 10_000 }, (err, stdout) => {
          const have = new Set(
            String(stdout)
              .split('\n')
              .map((l) => l.trim()),
          );
          resolve(err ? [] : OCR_LANGUAGES.map((l) => l.code).filter((l) => have.has(l)));
        }),
      ),
    };
  return languages.langs;
}

const CJK = '\\u2e80-\\u9fff\\uf900-\\ufaff\\ufe30-\\ufe4f\\uff00-\\uffef\\u3000-\\u303f';
// Tesseract separates recognised ideographs (and their punctuation) by spaces that the page never had
const SPACE_IN_CJK = new RegExp(`(?<=[${CJK}])[ \\t]+(?=[${CJK}])`, 'g');

/** Recognised text as page text: no spaces between Chinese characters, then normaliseText. */
export const ocrText = (raw: string): string => normaliseText(raw.replace(SPACE_IN_CJK, ''));

/** The mean confidence (0–100, rounded) of the recognised words of Tesseract's TSV; 0 when none. */
export function meanConfidence(tsv: string): number {
  const confidences: number[] = [];
  for (const line of tsv.split('\n').slice(1)) {
    const cols = line.split('\t');
    const conf = Number(cols[10]);
    if (cols.length >= 12 && cols[11]!.trim() && conf >= 0) confidences.push(conf);
  }
  return confidences.length ? Math.round(confidences.reduce((a, b) => a + b, 0) / confidences.length) : 0;
}

export interface Recognised {
  text: string;
  /** 0–100 */
  confidence: number;
}

/** One Tesseract run over a picture in the converter's sandbox (limits, no inherited environment, one thread). */
async function tesseractRun(image: string, lang: string, job: Job): Promise<Recognised> {
  const tesseract = which('tesseract');
  if (!tesseract) throw new ConvertError(NO_TESSERACT);
  await mkdir(join(job.dir, 'ocr'), { recursive: true });
  const out = join(job.dir, 'ocr', `${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const res = await runTool(tesseract, [image, out, '-l', lang, 'txt', 'tsv'], {
    timeoutMs: job.timeoutMs,
    cwd: job.dir,
    env: childEnv(job.dir, { OMP_THREAD_LIMIT: '1' }),
    signal: job.signal,
    tool: 'Tesseract',
  });
  const [txt, tsv] = await Promise.all([readFile(`${out}.txt`, 'utf8'), readFile(`${out}.tsv`, 'utf8')]).catch(() => ['', null]);
  if (res.code !== 0 || tsv === null) throw new ConvertError(`Tesseract 识别失败（退出码 ${res.code}）`);
  return { text: ocrText(txt ?? ''), confidence: meanConfidence(tsv) };
}

const NO_TESSERACT = '服务器未安装 Tesseract 或其中文、英文语言数据，无法识别扫描页文字';

/** The share of Latin letters among the text's non-space characters. */
const latinShare = (text: string): number => {
  const chars = text.replace(/\s/g, '');
  return chars.length ? (chars.match(/[A-Za-z]/g)?.length ?? 0) / chars.length : 0;
};

/**
 * Recognises one picture. Measured (scripts/bench-ocr.ts): `chi_sim+eng` together reads whole lines of
 * Chinese as Latin nonsense, while `chi_sim` alone reads Chinese well and English with words run
 * together; so Chinese first, and a page that comes out mostly Latin letters is read again in English.
 * Throws ConvertError when Tesseract fails or dies at a limit.
 */
export async function recognise(image: string, langs: string[], job: Job): Promise<Recognised> {
  if (!langs.length) throw new ConvertError(NO_TESSERACT);
  const first = await tesseractRun(image, langs[0]!, job);
  if (langs[0] !== 'chi_sim' || !langs.includes('eng') || latinShare(first.text) < 0.5) return first;
  return tesseractRun(image, 'eng', job);
}
