import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { assertContentMatches, detectContentType } from '../../convert/content-type.ts';
import { ConvertError } from '../../convert/errors.ts';
import { originalKey } from '../../convert/keys.ts';
import { badRequest } from '../../http/errors.ts';
import type { ConfigStore } from '../config/config.store.ts';
import { receive } from '../upload/upload.routes.ts';
import { UploadRepo } from '../upload/upload.repo.ts';
import { ATTACHMENT_TYPE, type UploadReply } from '../../../contract/upload.ts';
import { DOCUMENT_EXTENSIONS } from '../../../domain/file-kind.ts';
import { assertCanUpload } from './upload-right.ts';

/** The supported extensions, narrowed by `security.document_allowed_ext` when it lists any. */
export async function allowedExtensions(settings: ConfigStore): Promise<string[]> {
  const listed = (await settings.str('security', 'document_allowed_ext'))
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .map((e) => (e.startsWith('.') ? e : `.${e}`));
  return listed.length ? DOCUMENT_EXTENSIONS.filter((e) => listed.includes(e)) : [...DOCUMENT_EXTENSIONS];
}

/** 400 with the reason when the bytes are not a file of this extension (detected by content, never by name). */
async function assertContent(buf: Buffer, ext: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'wenku-upload-'));
  try {
    const file = join(dir, `upload${ext}`);
    await writeFile(file, buf);
    assertContentMatches(ext, await detectContentType(file));
  } catch (err) {
    throw err instanceof ConvertError ? badRequest(err.message) : err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `security.max_document_size` in MB; 50 when unset or ≤ 0. */
export async function maxDocumentMb(settings: ConfigStore): Promise<number> {
  const mb = await settings.num('security', 'max_document_size', 50);
  return mb > 0 ? mb : 50;
}

/**
 * POST /upload/document: step one of publishing (contract §6.2). The file is checked by its
 * content, stored once per md5 under `documents/` and recorded as an unused type-2 attachment.
 */
export default async function documentUploadRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const uploads = new UploadRepo(ctx.db);

  app.post('/upload/document', {
    schema: {
      tags: ['文档'],
      summary: '上传文档文件（表单字段 file）；返回附件 ID，再用 POST /document 发布',
      consumes: ['multipart/form-data'],
    },
    config: { access: 'login' },
  }, async (req) => {
    const userId = req.auth.requireLogin();
    await assertCanUpload(ctx.db, userId);
    const maxMb = await maxDocumentMb(ctx.settings);
    const got = await receive(req, maxMb * 1024 * 1024);
    if (!got) throw badRequest(`文档大小不能超过 ${maxMb} MB`);
    const ext = extname(got.name).toLowerCase();
    if (!(await allowedExtensions(ctx.settings)).includes(ext)) throw badRequest('不支持的文档类型');
    await assertContent(got.buf, ext);
    const hash = createHash('md5').update(got.buf).digest('hex');
    if (await uploads.isBanned(hash)) throw badRequest('文件已被标记为非法文件，禁止上传');
    const key = originalKey(hash, ext);
    if (!(await ctx.storage.exists(key))) await ctx.storage.put(key, got.buf);
    const row = await uploads.insert({
      hash, user_id: userId, type_id: 0, type: ATTACHMENT_TYPE.document, enable: 1, path: `/${key}`, name: got.name,
      size: got.buf.length, width: 0, height: 0, ext, ip: req.auth.ip, description: '',
    });
    const reply: UploadReply<{ id: number }> = { message: 'ok', code: 200, data: { id: row.id } };
    return reply;
  });
}
