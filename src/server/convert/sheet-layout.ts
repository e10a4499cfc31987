/**
 * Page setup of a spreadsheet's preview: the sheet fills the page width, as 百度文库 shows one. A
 * sheet wider than a portrait A4 page prints landscape, shrunk to the width when it is wider still;
 * a narrow one is enlarged (at most ZOOM_MAX) instead of sitting small in a corner. Works on the
 * flat ODF (fods) LibreOffice exports: the used width is the sum of the widths of the columns up to
 * the last one with content, in the widest sheet.
 */

const INCH: Readonly<Record<string, number>> = { in: 1, cm: 1 / 2.54, mm: 1 / 25.4, pt: 1 / 72, pc: 1 / 6, px: 1 / 96 };
const A4 = { short: 8.2681, long: 11.6929 };
const ZOOM_MAX = 200;
const ZOOM_MIN = 10;
/** LibreOffice's page margin where the page style names none (2 cm). */
const DEFAULT_MARGIN = 0.7874;
/** Room kept for the grid lines and rounding of column widths, so the last column still fits. */
const SLACK = 0.97;
/** Columns read per sheet: a sheet's trailing blank columns are repeated up to 16384 times. */
const MAX_COLUMNS = 1024;

const inches = (value: string | undefined): number => {
  const m = /^([\d.]+)(in|cm|mm|pt|pc|px)$/.exec(value ?? '');
  return m ? Number(m[1]) * (INCH[m[2]!] ?? 0) : 0;
};
const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const repeated = (tag: string): number => Math.min(MAX_COLUMNS, Number(attr(tag, 'table:number-columns-repeated') ?? 1) || 1);

/** Column style name → width in inches. */
function columnWidths(fods: string): Map<string, number> {
  const widths = new Map<string, number>();
  const styles = /<style:style\b[^>]*style:family="table-column"[^>]*>[\s\S]*?<\/style:style>/g;
  for (const [style] of fods.matchAll(styles)) {
    const name = attr(style, 'style:name');
    const width = inches(attr(/<style:table-column-properties\b[^>]*>/.exec(style)?.[0] ?? '', 'style:column-width'));
    if (name && width) widths.set(name, width);
  }
  return widths;
}

/** How many leading columns of a sheet hold content (the last filled cell of any row). */
function usedColumns(sheet: string): number {
  let used = 0;
  for (const [row] of sheet.matchAll(/<table:table-row\b[\s\S]*?<\/table:table-row>/g)) {
    let col = 0;
    const cells = /<table:(?:covered-)?table-cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/table:(?:covered-)?table-cell>)/g;
    for (const [, attrs = '', body = ''] of row.matchAll(cells)) {
      const n = repeated(attrs);
      if (body.includes('<text:p') || /office:value-type=/.test(attrs)) used = Math.max(used, col + n);
      col += n;
      if (col >= MAX_COLUMNS) break;
    }
  }
  return used;
}

/** The width (inches) of the widest sheet's used columns; 0 when unknown. */
export function usedSheetWidth(fods: string): number {
  const widths = columnWidths(fods);
  let widest = 0;
  for (const [sheet] of fods.matchAll(/<table:table\b[\s\S]*?<\/table:table>/g)) {
    const columns: number[] = [];
    for (const [tag] of sheet.matchAll(/<table:table-column\b[^>]*>/g)) {
      const width = widths.get(attr(tag, 'table:style-name') ?? '') ?? 0;
      for (let i = repeated(tag); i > 0 && columns.length < MAX_COLUMNS; i--) columns.push(width);
    }
    const used = columns.slice(0, usedColumns(sheet)).reduce((sum, w) => sum + w, 0);
    widest = Math.max(widest, used);
  }
  return widest;
}

/** A4 in the orientation and the zoom (percent) that make `width` inches fill the printable width. */
export function pageFor(width: number, margins: number): { landscape: boolean; zoom: number } {
  const portrait = A4.short - margins;
  const landscape = width > portrait;
  const room = (landscape ? A4.long : A4.short) - margins;
  const zoom = Math.floor((room / width) * 100 * SLACK);
  return { landscape, zoom: Math.max(ZOOM_MIN, Math.min(ZOOM_MAX, zoom)) };
}

/** Sets every page layout of the sheet to the A4 orientation and zoom its used width needs. */
export function fitSheetToPage(fods: string): string {
  const width = usedSheetWidth(fods);
  if (!width) return fods;
  return fods.replace(/<style:page-layout-properties\b[^>]*?\/?>/g, (tag) => {
    const margin = (side: string) => {
      const value = attr(tag, `fo:margin-${side}`);
      return value === undefined ? DEFAULT_MARGIN : inches(value);
    };
    const margins = margin('left') + margin('right');
    const { landscape, zoom } = pageFor(width, margins);
    const [w, h] = landscape ? [A4.long, A4.short] : [A4.short, A4.long];
    const set: Record<string, string> = {
      'fo:page-width': `${w}in`,
      'fo:page-height': `${h}in`,
      'style:print-orientation': landscape ? 'landscape' : 'portrait',
      'style:scale-to': `${zoom}%`,
    };
    let out = tag.replace(/\s(?:style|loext):scale-to(?:-pages|-X|-Y)="[^"]*"/g, '');
    for (const [name, value] of Object.entries(set)) {
      const re = new RegExp(`\\s${name}="[^"]*"`);
      out = re.test(out)
        ? out.replace(re, ` ${name}="${value}"`)
        : out.replace('<style:page-layout-properties', `<style:page-layout-properties ${name}="${value}"`);
    }
    return out;
  });
}
