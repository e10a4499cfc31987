import { extname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { assertContentMatches, detectContentType } from '../../convert/content-type.ts';
import { ConvertError } from '../../convert/errors.ts';
import { notConvertibleHere, whyNotConvertible } from '../../convert/formats.ts';
import { originalKey } from '../../convert/keys.ts';
import { badRequest } from '../../http/errors.ts';
import type { ConfigStore } from '../config/config.store.ts';
import { receiveFile } from '../upload/receive.ts';
import { storeUpload, UploadQuota } from '../upload/upload.service.ts';
import { ATTACHMENT_TYPE, type UploadReply } from '../../../contract/upload.ts';
import { documentApi } from '../../../contract/document.ts';
import { serviceRoutes } from '../../http/routes.ts';
import { DOCUMENT_EXTENSIONS } from '../../../domain/file-kind.ts';
import { assertCanUpload } from './upload-right.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

/** The supported extensions, narrowed by `security.document_allowed_ext` when it lists any. */
export async function allowedExtensions(settings: ConfigStore): Promise<string[]> {
  const listed = (await settings.get(SETTINGS.security.document_allowed_ext))
    .map((e) => e.toLowerCase())
    .map((e) => (e.startsWith('.') ? e : `.${e}`));
  return listed.length ? DOCUMENT_EXTENSIONS.filter((e) => listed.includes(e)) : [...DOCUMENT_EXTENSIONS];
}

/** 400 with the reason when the file is not one of this extension (detected by content, never by name). */
async function assertContent(path: string, ext: string): Promise<void> {
  try {
    assertContentMatches(ext, await detectContentType(path));
  } catch (err) {
    throw err instanceof ConvertError ? badRequest(err.message) : err;
  }
}

/** `security.max_document_size` in MB; its default when ≤ 0. */
export async function maxDocumentMb(settings: ConfigStore): Promise<number> {
  const mb = await settings.get(SETTINGS.security.max_document_size);
  return mb > 0 ? mb : SETTINGS.security.max_document_size.default;
}

/**
 * POST /upload/document: step one of publishing (contract §6.2). The file is checked by its
 * content, stored once per md5 under `documents/` and recorded as an unused type-2 attachment.
 */
export default async function documentUploadRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const quota = new UploadQuota(ctx);

  const api = serviceRoutes(app, documentApi);

  api.handle(documentApi.calls.upload, async (req) => {
    const userId = req.auth.requireLogin();
    await assertCanUpload(ctx.db, userId);
    await quota.check(userId);
    const maxMb = await maxDocumentMb(ctx.settings);
    // streamed to a temp file: a document is never whole in memory
    const file = await receiveFile(req, ctx.storage, maxMb * 1024 * 1024);
    if (!file) throw badRequest(`文档大小不能超过 ${maxMb} MB`);
    try {
      const ext = extname(file.name).toLowerCase();
      if (!(await allowedExtensions(ctx.settings)).includes(ext)) throw badRequest('不支持的文档类型');
      // a format this server cannot convert (its tool is not installed) would only ever fail
      if (whyNotConvertible(ext)) throw badRequest(notConvertibleHere(ext));
      await assertContent(file.path, ext);
      const key = originalKey(file.md5, ext);
      const row = await storeUpload(ctx, file, key, {
        hash: file.md5,
        user_id: userId,
        type_id: 0,
        type: ATTACHMENT_TYPE.document,
        enable: 1,
        path: `/${key}`,
        name: file.name,
        size: file.size,
        width: 0,
        height: 0,
        ext,
        ip: req.auth.ip,
        description: '',
      });
      const reply: UploadReply<{ id: number }> = { message: 'ok', code: 200, data: { id: row.id } };
      return reply;
    } finally {
      await file.discard();
    }
  });
}
