import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sofficeConvert, sofficeToPdf, type Job } from './office.ts';
import { normaliseText } from './page-text.ts';
import { fitSheetToPage } from './sheet-layout.ts';

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

/**
 * Spreadsheet → flat ODF (LibreOffice, with `infilter` for CSV/TSV) → printableSheet → fitSheetToPage → PDF. Returns
 * the PDF's path in the job folder.
 */
export async function spreadsheetToPdf(input: string, job: Job, infilter?: string): Promise<string> {
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
