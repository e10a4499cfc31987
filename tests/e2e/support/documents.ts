import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiCall } from './api.ts';

/** Uploads a fixture through the API as `token`, files it under a category and waits until it is converted (approved by `approver` first when given). */
export async function publishFixture(
  request: APIRequestContext,
  token: string,
  fixture: string,
  title: string,
  categoryId: number,
  price = 0,
  approver?: string,
) {
  const res = await request.post('/api/v1/upload/document', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: basename(fixture), mimeType: 'application/octet-stream', buffer: readFileSync(fixture) } },
  });
  if (res.status() !== 200) throw new Error(`upload ${fixture}: ${res.status()} ${await res.text()}`);
  const attachmentId = (await res.json()).data.id as number;
  const created = await apiCall<{ document: Array<{ id: number; uuid: string }> }>(request, token, 'POST', '/document', {
    category_id: [categoryId],
    document: [{ title, attachment_id: attachmentId, price }],
  });
  const doc = created.document[0];
  // a member's group may review uploads: the admin (`approver`) lets it through to conversion
  if (approver) await apiCall(request, approver, 'PUT', '/document/check', { id: [doc.id], status: 0 });
  await expect
    .poll(async () => (await apiCall<{ status?: number }>(request, token, 'GET', `/document?id=${doc.id}`)).status, {
      timeout: 120_000,
    })
    .toBe(2);
  return doc;
}

export async function createCategory(request: APIRequestContext, admin: string, title: string, type = 0): Promise<number> {
  await apiCall(request, admin, 'POST', '/category', { title, type, enable: true });
  const list = await apiCall<{ category: Array<{ id: number; title: string }> }>(
    request,
    admin,
    'GET',
    `/category/list?type=${type}`,
  );
  return list.category.find((c) => c.title === title)!.id;
}
