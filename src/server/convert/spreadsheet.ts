import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import CFB from 'cfb';
import { boundNote } from './bounds.ts';
import type { Job } from './job.ts';
import { sofficeConvert, sofficeToPdf } from './office.ts';
import { normaliseText } from './page-text.ts';
import { fitSheetToPage } from './sheet-layout.ts';
import { readZipText, zipEntries } from './zip-entries.ts';

/** Formats LibreOffice opens as spreadsheets (Calc), CSV and TSV included. */
export const SPREADSHEET_EXTENSIONS = new Set(['.xls', '.xlsx', '.et', '.ods', '.csv', '.tsv']);

const MASTER_STYLES = /<office:master-styles>[\s\S]*?<\/office:master-styles>/;
const HEADER_FOOTER = /<style:(header|footer)(-left|-first)?(?:\s[^>]*)?(?:\/>|>[\s\S]*?<\/style:\1\2>)/g;
const PAGE_LAYOUT_PROPS = /<style:page-layout-properties\b[^>]*?(\/?)>/g;

/**
 * A flat ODF spreadsheet made fit for a preview: no page headers or footers (LibreOffice's default
 * page style prints the sheet name and "Page 1"; Excel files from WPS and LibreOffice carry them too),
 * and the cell grid printed, as the sheet looks on screen.
 */
export function printableSheet(fods: string): string {
  return fods
    .replace(MASTER_STYLES, (master) =>
      master.replace(
        HEADER_FOOTER,
        (_m, kind: string, variant: string | undefined) => `<style:${kind}${variant ?? ''} style:display="false"/>`,
      ),
    )
    .replace(PAGE_LAYOUT_PROPS, (tag) => {
      const printing = /\sstyle:print="([^"]*)"/.exec(tag);
      if (!printing)
        return tag.replace(
          '<style:page-layout-properties',
          '<style:page-layout-properties style:print="charts drawings objects zero-values grid"',
        );
      const parts = printing[1]!.split(/\s+/).filter(Boolean);
      return parts.includes('grid') ? tag : tag.replace(printing[0], ` style:print="${[...parts, 'grid'].join(' ')}"`);
    });
}

const ODS_TABLE = /<table:table\s/g;
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const MAX_CONTENT_XML = 64 * 1024 * 1024;

const BOUNDSHEET = 0x0085;
const EOF_RECORD = 0x000a;

/**
 * The sheets of an Excel 97–2003 (or WPS .et) workbook: the BoundSheet records of the workbook
 * globals at the start of its `Workbook` (BIFF8) or `Book` (BIFF5) stream; null when it has neither.
 */
function binarySheetCount(data: Buffer): number | null {
  let stream: Uint8Array | undefined;
  try {
    const doc = CFB.read(data, { type: 'buffer' });
    stream = (CFB.find(doc, 'Workbook') ?? CFB.find(doc, 'Book'))?.content as Uint8Array | undefined;
  } catch {
    return null;
  }
  if (!stream) return null;
  const view = Buffer.from(stream.buffer, stream.byteOffset, stream.byteLength);
  let sheets = 0;
  for (let at = 0; at + 4 <= view.length; at += 4 + view.readUInt16LE(at + 2)) {
    const type = view.readUInt16LE(at);
    if (type === BOUNDSHEET) sheets++;
    else if (type === EOF_RECORD) break;
  }
  return sheets;
}

/**
 * The sheets of a workbook, read without LibreOffice: an XLSX's worksheet parts, the tables of an
 * ODS's content.xml, the BoundSheet records of an XLS/ET; null for other files (and ones it cannot read).
 */
export async function sheetCount(input: string): Promise<number | null> {
  const fh = await open(input, 'r');
  try {
    const { size } = await fh.stat();
    const entries = await zipEntries(fh, size);
    if (!entries) {
      const head = Buffer.alloc(8);
      await fh.read(head, 0, 8, 0);
      return head.equals(CFB_MAGIC) ? binarySheetCount(await readFile(input)) : null;
    }
    const worksheets = entries.filter((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.name)).length;
    if (worksheets) return worksheets;
    const content = entries.find((e) => e.name === 'content.xml');
    const xml = content ? await readZipText(fh, content, MAX_CONTENT_XML) : null;
    return xml === null ? null : (xml.match(ODS_TABLE)?.length ?? 0);
  } finally {
    await fh.close();
  }
}

/**
 * Spreadsheet → flat ODF (LibreOffice, with `infilter` for CSV/TSV) → printableSheet → fitSheetToPage → PDF.
 * Returns the PDF's path in the job folder. A workbook of more than `maxSheets` sheets skips the flat ODF
 * (its export grows with every sheet: 1,024 empty sheets ran out of time) and is exported as it is.
 */
export async function spreadsheetToPdf(
  input: string,
  job: Job,
  infilter?: string,
  maxSheets = Number.POSITIVE_INFINITY,
  notes: string[] = [],
): Promise<string> {
  const sheets = infilter ? 1 : await sheetCount(input);
  if (sheets !== null && sheets > maxSheets) {
    notes.push(boundNote.sheets(sheets));
    return sofficeToPdf(input, job);
  }
  const flat = await sofficeConvert(input, job, 'fods', infilter);
  const sheet = join(job.dir, 'sheet.fods');
  await writeFile(sheet, fitSheetToPage(printableSheet(await readFile(flat, 'utf8'))));
  return sofficeToPdf(sheet, job);
}

/**
 * Page text of a spreadsheet: MuPDF writes one cell a line and a blank line after each row; cells
 * stay apart (a space, where normaliseText would join Chinese across line breaks) and rows end with '；'.
 */
export function sheetText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\f]*\n/)
    .map((row) => row.split('\n').map(normaliseText).filter(Boolean).join(' '))
    .filter(Boolean)
    .join('；');
}
