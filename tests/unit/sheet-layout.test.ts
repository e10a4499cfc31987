import { describe, expect, it } from 'vitest';
import { fitSheetToPage, pageFor, usedSheetWidth } from '../../src/server/convert/sheet-layout.ts';

const sheet = (columns: number, used: number) => `<office:document>
<office:automatic-styles>
<style:style style:name="co1" style:family="table-column"><style:table-column-properties style:column-width="1in"/></style:style>
<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="8.2681in" fo:page-height="11.6929in" style:print-orientation="portrait" fo:margin-left="0.5in" fo:margin-right="0.5in" style:scale-to-X="1" style:scale-to-Y="2"/></style:page-layout>
</office:automatic-styles>
<table:table table:name="表1"><table:table-column table:style-name="co1" table:number-columns-repeated="${columns}"/>
<table:table-row><table:table-cell office:value-type="string"><text:p>标题</text:p></table:table-cell><table:table-cell table:number-columns-repeated="${used - 2}"/><table:table-cell office:value-type="float" office:value="1"><text:p>1</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16000"/></table:table-row>
</table:table></office:document>`;

describe('page setup of a spreadsheet preview', () => {
  it('measures the columns up to the last filled cell, not the sheet’s blank tail', () => {
    expect(usedSheetWidth(sheet(1024, 3))).toBe(3);
    expect(usedSheetWidth(sheet(1024, 12))).toBe(12);
  });

  it('enlarges a narrow sheet on a portrait page and turns a wide one landscape, shrunk to fit', () => {
    expect(pageFor(3, 1)).toEqual({ landscape: false, zoom: 200 });
    expect(pageFor(6, 1)).toEqual({ landscape: false, zoom: 117 });
    expect(pageFor(9, 1)).toEqual({ landscape: true, zoom: 115 });
    expect(pageFor(40, 1)).toEqual({ landscape: true, zoom: 25 });
  });

  it('writes the orientation, the A4 size and the zoom into the page layout', () => {
    const out = fitSheetToPage(sheet(1024, 12));
    const tag = /<style:page-layout-properties[^>]*>/.exec(out)![0];
    expect(tag).toContain('style:print-orientation="landscape"');
    expect(tag).toContain('fo:page-width="11.6929in"');
    expect(tag).toContain('fo:page-height="8.2681in"');
    expect(tag).toContain('style:scale-to="86%"');
    expect(tag).not.toContain('scale-to-X');
  });
});
