import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { boundNote } from './bounds.ts';
import { sofficeConvert, sofficeToPdf, type Job } from './office.ts';
import { normaliseText } from './pdf-pages.ts';
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
const MAX_CONTENT_XML = 64 * 1024 * 1024;

/**
 * The sheets of an XLSX (its worksheet parts) or ODS (the tables of content.xml), read from the
 * archive without LibreOffice; null for other formats (and archives it cannot read).
 */
export async function sheetCount(input: string): Promise<number | null> {
  const fh = await open(input, 'r');
  try {
    const entries = await zipEntries(fh, (await fh.stat()).size);
    if (!entries) return null;
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
 * Spreadsheet → flat ODF (LibreOffice, with `infilter` for CSV/TSV) → printableSheet → PDF. Returns
 * the PDF's path in the job folder. A workbook of more than `maxSheets` sheets skips the flat ODF
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
  await writeFile(sheet, printableSheet(await readFile(flat, 'utf8')));
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
