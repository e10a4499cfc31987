import { gunzipSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import sharp from 'sharp';
import type { TestApp } from './app.ts';
import { fileForm } from './documents.ts';

/** Parses a page strictly as XML 1.0 (saxes throws at the first well-formedness error); returns the root's name. */
export function parseXml(text: string): string {
  const parser = new SaxesParser();
  let root = '';
  parser.on('opentag', (tag) => {
    root ||= tag.name;
  });
  parser.write(text).close();
  return root;
}

/** Every page a converted document shows, fetched over HTTP as the reader does; SVG checked as XML, images decoded. */
export async function fetchShownPages(t: TestApp, id: number): Promise<number> {
  const doc = await t.ctx.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const shown = doc.preview > 0 && doc.preview < doc.pages ? doc.preview : doc.pages;
  const name = (n: number) =>
    doc.preview_ext === '.svg' ? `${n}${doc.enable_gzip ? '.gzip.svg' : '.svg'}` : `${n}${doc.preview_ext}`;
  for (let n = 1; n <= shown; n++) {
    const res = await t.app.inject({ url: `/view/page/${doc.hash}/${name(n)}` });
    if (res.statusCode !== 200) throw new Error(`page ${n} of #${id}: HTTP ${res.statusCode}`);
    if (doc.preview_ext !== '.svg') {
      await sharp(res.rawPayload).raw().toBuffer();
      continue;
    }
    const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
    try {
      if (parseXml(body.toString('utf8')) !== 'svg') throw new Error('root element is not <svg>');
    } catch (err) {
      throw new Error(`page ${n} of #${id} is no well-formed SVG: ${(err as Error).message}`, { cause: err });
    }
  }
  return shown;
}

/** Uploads a file and publishes it as one document (HTTP, as the upload page does); returns its id. */
export async function uploadDocument(
  t: TestApp,
  token: string,
  categoryId: number,
  data: Buffer,
  filename: string,
  title: string,
) {
  const up = await t.call({ method: 'POST', url: '/api/v1/upload/document', token, ...(await fileForm(data, filename)) });
  if (up.status !== 200) throw new Error(`upload of ${filename} failed: ${up.status} ${JSON.stringify(up.body)}`);
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/document',
    token,
    payload: { category_id: [categoryId], document: [{ title, attachment_id: up.body.data.id, price: 0 }] },
  });
  if (res.status !== 200) throw new Error(`publish of ${filename} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.document[0].id as number;
}
