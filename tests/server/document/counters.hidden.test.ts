import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { category, publish, setStatus } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

interface Counts {
  id: number;
  view_count?: number;
  download_count?: number;
  favorite_count?: number;
}

// 显示设置 → 是否显示文档浏览数/下载数/收藏数: visitors see 0 for a hidden counter wherever a document is
// listed; the uploader and the back office always see the real figures.
describeEachDialect('counters the display settings hide on %s', {}, () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  let cat: number;
  let docId: number;

  // a zero is left out of the reply (moredoc's protobuf JSON), so a hidden counter reads as 0 here
  const counts = (d: Counts | undefined) => [d?.view_count ?? 0, d?.download_count ?? 0, d?.favorite_count ?? 0];
  const one = async (token?: string) =>
    (await t.call({ method: 'GET', url: `/api/v1/document?id=${docId}`, token })).body as Counts;
  const listed = async (token?: string) => {
    const url = `/api/v1/document/list?category_id=${cat}&status=2&_call=${Math.random()}`;
    const body = (await t.call({ method: 'GET', url, token })).body as { document: Counts[] };
    return body.document.find((d) => d.id === docId);
  };
  const home = async () => {
    const url = '/api/v1/document/home?limit=100&field=view_count&field=download_count&field=favorite_count';
    const body = (await t.call({ method: 'GET', url })).body as { document: { document: Counts[] }[] };
    return body.document.flatMap((c) => c.document).find((d) => d.id === docId);
  };

  onStart(async (ready) => {
    ({ t, admin, member } = ready);
    cat = await category(t, admin, '计数显示');
    docId = (await publish(t, member.token, [cat])).id;
    await setStatus(t, docId, 2);
    await t.ctx.db
      .updateTable('documents')
      .set({ view_count: 70, download_count: 50, favorite_count: 30 })
      .where('id', '=', docId)
      .execute();
  });

  it('shows every counter while the settings show them', async () => {
    expect(counts(await listed())).toEqual([70, 50, 30]);
    expect(counts(await home())).toEqual([70, 50, 30]);
  });

  it('gives visitors 0 for the hidden counters only, in the document, the lists and the home page', async () => {
    await t.setConfig('display', 'show_document_view_count', 'false');
    await t.setConfig('display', 'show_document_favorite_count', 'false');
    try {
      expect(counts(await one())).toEqual([0, 50, 0]);
      expect(counts(await listed())).toEqual([0, 50, 0]);
      expect(counts(await home())).toEqual([0, 50, 0]);
      // the uploader and the admin see what is counted, the visitor's read above too
      expect(counts(await listed(member.token))).toEqual([71, 50, 30]);
      expect(counts(await one(admin))).toEqual([71, 50, 30]);
      await t.setConfig('display', 'show_document_download_count', 'false');
      expect(counts(await listed())).toEqual([0, 0, 0]);
    } finally {
      for (const name of ['view', 'download', 'favorite']) await t.setConfig('display', `show_document_${name}_count`, 'true');
    }
    expect(counts(await listed())).toEqual([71, 50, 30]);
  });
});
