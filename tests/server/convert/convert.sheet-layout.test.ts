import { expect } from 'vitest';
import { ConverterWorker } from '../../../src/server/convert/worker.ts';
import { addDocument, fixture, getDocument } from './convert.support.ts';
import { describeEachDialect, it } from '../support/fixture.ts';

/** A spreadsheet's preview fills the page width: landscape when the sheet is wide, portrait when narrow. */
describeEachDialect('spreadsheet page setup (%s)', { admin: false, member: false }, () => {
  const wideCsv = [
    Array.from({ length: 18 }, (_, i) => `列${i + 1}`).join(','),
    ...Array.from({ length: 20 }, (_, r) => Array.from({ length: 18 }, (_, i) => String(r * 100 + i)).join(',')),
  ].join('\n');

  it('prints a wide sheet landscape on one page width and a narrow one portrait', async ({ t }) => {
    const wide = await addDocument(t, Buffer.from(wideCsv), '.csv', { status: 1 });
    const narrow = await addDocument(t, fixture('sales.xlsx'), '.xlsx', { status: 1 });
    const worker = new ConverterWorker(t.ctx);
    while (await worker.convertOne()) {
      /* until the queue is empty */
    }
    const w = await getDocument(t, wide.id);
    expect(w).toMatchObject({ status: 2, pages: 1 });
    expect(w.width).toBeGreaterThan(w.height);
    expect((await t.call({ url: `/api/v1/document/pages/text?id=${wide.id}` })).body.page[0].text).toContain('列18');
    const n = await getDocument(t, narrow.id);
    expect(n.status).toBe(2);
    expect(n.height).toBeGreaterThan(n.width);
  }, 120_000);
});
