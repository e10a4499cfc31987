import sharp from 'sharp';
import type { TestApp } from './app.ts';

/** A real multipart body with the file in field `file`, as a browser builds it. */
export async function fileForm(data: Buffer, filename: string, field = 'file') {
  const fd = new FormData();
  fd.append(field, new Blob([new Uint8Array(data)]), filename);
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}

/** A PNG of one colour. */
export const png = (width: number, height: number, color = '#3a7'): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A small valid one-page PDF written by hand (objects, xref table with exact offsets, trailer). */
export function minimalPdf(text = 'Wenku'): Buffer {
  const content = `BT /F1 18 Tf 20 100 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

let seq = 0;
/** A PDF with content of its own, so that its md5 is new. */
export const uniquePdf = () => minimalPdf(`Wenku test document ${process.pid} ${Date.now()} ${++seq}`);

/** POST /upload/document; returns the whole answer. */
export async function upload(t: TestApp, token: string | undefined, data: Buffer, filename: string) {
  return t.call({ method: 'POST', url: '/api/v1/upload/document', token, ...(await fileForm(data, filename)) });
}

/** Uploads a fresh PDF and returns its attachment id (throws unless 200). */
export async function uploadPdf(t: TestApp, token: string, data = uniquePdf()): Promise<number> {
  const res = await upload(t, token, data, 'test.pdf');
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** Creates a document category through the API (under `parentId`) and returns its id. */
export async function category(t: TestApp, admin: string, title: string, parentId = 0): Promise<number> {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/category',
    token: admin,
    payload: { title, parent_id: parentId, enable: true },
  });
  if (res.status !== 200) throw new Error(`category failed: ${res.status} ${JSON.stringify(res.body)}`);
  const row = await t.ctx.db
    .selectFrom('categories')
    .select('id')
    .where('title', '=', title)
    .where('parent_id', '=', parentId)
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface Published {
  id: number;
  uuid: string;
  status: number;
}

/** Uploads a fresh PDF and publishes it in `categoryIds`; returns the created document. */
export async function publish(
  t: TestApp,
  token: string,
  categoryIds: number[],
  doc: { title?: string; price?: number; keywords?: string } = {},
  data?: Buffer,
): Promise<Published> {
  const attachment_id = await uploadPdf(t, token, data);
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/document',
    token,
    payload: {
      category_id: categoryIds,
      document: [{ title: doc.title ?? `测试文档${++seq}`, attachment_id, price: doc.price ?? 0, keywords: doc.keywords }],
    },
  });
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.document[0] as Published;
}

/** Sets a document's status directly, e.g. 2 as if the converter had finished (tests run no converter). */
export async function setStatus(t: TestApp, id: number, status: number, pages = status === 2 ? 3 : 0): Promise<void> {
  await t.ctx.db.updateTable('documents').set({ status, pages }).where('id', '=', id).execute();
}

export const creditOf = async (t: TestApp, userId: number): Promise<number> =>
  (await t.ctx.db.selectFrom('users').select('credit_count').where('id', '=', userId).executeTakeFirstOrThrow()).credit_count;

export const ledger = (t: TestApp, userId: number, refType: string) =>
  t.ctx.db
    .selectFrom('credit_logs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ref_type', '=', refType)
    .orderBy('id', 'asc')
    .execute();

/**
 * A copy of a document under an id of the test's choosing (ids far apart, as a large library has),
 * in the same categories, written behind the server's back: no change event announces it.
 */
export async function copyDocument(t: TestApp, fromId: number, copy: { id: number; uuid: string; title: string }): Promise<void> {
  const row = await t.ctx.db.selectFrom('documents').selectAll().where('id', '=', fromId).executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('documents')
    .values({ ...row, ...copy })
    .execute();
  const links = await t.ctx.db.selectFrom('document_categories').selectAll().where('document_id', '=', fromId).execute();
  for (const { id: _id, ...link } of links)
    await t.ctx.db
      .insertInto('document_categories')
      .values({ ...link, document_id: copy.id })
      .execute();
}
