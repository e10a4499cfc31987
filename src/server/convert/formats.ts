import { DOCUMENT_EXTENSIONS } from '../../domain/file-kind.ts';
import { EBOOK_EXTENSIONS, NO_CALIBRE } from './ebook.ts';
import { ConvertError } from './errors.ts';
import { IMAGE_EXTENSIONS } from './image.ts';
import { NO_SOFFICE, OFFICE_EXTENSIONS } from './office.ts';
import { NO_MUTOOL } from './pdf-pages.ts';
import { TEXT_EXTENSIONS } from './text.ts';
import { which } from './tools.ts';

/** A program the converter runs, and what a document that needs it is told when it is missing. */
interface Tool {
  cmd: string;
  /** the package an operator installs, named in the upload refusal */
  name: string;
  missing: string;
}

const MUTOOL: Tool = { cmd: 'mutool', name: 'MuPDF（mutool）', missing: NO_MUTOOL };
const SOFFICE: Tool = { cmd: 'soffice', name: 'LibreOffice', missing: NO_SOFFICE };
const CALIBRE: Tool = { cmd: 'ebook-convert', name: 'calibre', missing: NO_CALIBRE };

/**
 * Every format the converter handles → the tools it needs, in the order they run. The one table behind
 * the conversion's tool check, the upload's refusal and the formats the upload form offers
 * (`security.convertible_ext`). Upload extensions missing here (.chm, .umd) are converted by nothing.
 */
const FORMAT_TOOLS: ReadonlyMap<string, readonly Tool[]> = new Map<string, readonly Tool[]>([
  ['.pdf', [MUTOOL]],
  ...[...TEXT_EXTENSIONS, ...OFFICE_EXTENSIONS].map((ext) => [ext, [SOFFICE, MUTOOL]] as const),
  ...[...EBOOK_EXTENSIONS].map((ext) => [ext, [CALIBRE, MUTOOL]] as const),
  // a picture (a scan) is wrapped in a one-page PDF by mutool; its text is recognised later (OCR)
  ...[...IMAGE_EXTENSIONS].map((ext) => [ext, [MUTOOL]] as const),
]);

const label = (ext: string) => ext.slice(1).toUpperCase() || '该';

/**
 * Why this server cannot convert `ext` now (a tool is missing, or no converter handles the format), or
 * null when it can. Tools are looked up on each call: installing one needs no restart.
 */
export function whyNotConvertible(ext: string): string | null {
  const tools = FORMAT_TOOLS.get(ext.toLowerCase());
  if (!tools) return `暂不支持转换 ${label(ext)} 格式的文档`;
  return tools.find((t) => !which(t.cmd))?.missing ?? null;
}

/** Throws the ConvertError of whyNotConvertible; before a conversion runs any tool. */
export function requireConverterTools(ext: string): void {
  const why = whyNotConvertible(ext);
  if (why) throw new ConvertError(why);
}

/** The upload extensions this server converts now, in the order of the upload table. */
export const convertibleExtensions = (): string[] => DOCUMENT_EXTENSIONS.filter((ext) => !whyNotConvertible(ext));

/** The upload refusal for an extension this server cannot convert (Chinese, for the uploader). */
export function notConvertibleHere(ext: string): string {
  const tools = FORMAT_TOOLS.get(ext.toLowerCase());
  const missing = tools?.filter((t) => !which(t.cmd)).map((t) => t.name) ?? [];
  return missing.length
    ? `本站暂不接受 ${label(ext)} 文档：服务器未安装 ${missing.join('、')}，无法转换该格式`
    : `本站暂不接受 ${label(ext)} 文档：该格式无法转换为预览`;
}
