import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { perm } from '../../auth/access.ts';
import { badRequest, Code, errorBody } from '../../http/errors.ts';
import { hashKey } from '../../storage/storage.ts';
import { ATTACHMENT_TYPE, MAX_IMAGE_BYTES, type UploadReply } from '../../../contract/upload.ts';
import { inspectImage } from './image.ts';
import { toAttachment, UploadRepo } from './upload.repo.ts';

const TOO_LARGE = `图片大小不能超过${MAX_IMAGE_BYTES / 1024 / 1024}MB`;

/** The uploaded file's name as a label: no folders, no control characters, bounded length. */
const cleanName = (name: string): string =>
  // eslint-disable-next-line no-control-regex
  [...basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '')].slice(0, 200).join('').trim();

/** Reads the multipart field `file` into memory, at most `limit` bytes; null when it was too large. */
export async function receive(req: FastifyRequest, limit: number): Promise<{ buf: Buffer; name: string } | null> {
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 方式上传文件');
  const part = await req.file({ limits: { fileSize: limit, files: 1 } });
  if (!part || part.fieldname !== 'file') throw badRequest('请选择要上传的文件（表单字段 file）');
  try {
    const buf = await part.toBuffer();
    if (!buf.length) throw badRequest('上传的文件是空的');
    return { buf, name: cleanName(part.filename) };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw err;
  }
}

export default async function uploadRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const repo = new UploadRepo(ctx.db);
  const tags = ['上传'];
  const schema = (summary: string) => ({ tags, summary, consumes: ['multipart/form-data'] });

  /** Checks, stores (deduplicated by md5) and records one image; avatars also become the user's avatar. */
  const handle = (type: number) => async (req: FastifyRequest, reply: FastifyReply) => {
    const userId = req.auth.requireLogin();
    const got = await receive(req, MAX_IMAGE_BYTES);
    if (!got) return reply.code(413).send(errorBody(Code.InvalidArgument, TOO_LARGE));
    const info = await inspectImage(got.buf);
    const hash = createHash('md5').update(got.buf).digest('hex');
    if (await repo.isBanned(hash)) throw badRequest('文件已被标记为非法文件，禁止上传');
    const key = hashKey('uploads', hash, info.ext);
    if (!(await ctx.storage.exists(key))) await ctx.storage.put(key, got.buf);
    const values = {
      hash, user_id: userId, type_id: type === ATTACHMENT_TYPE.avatar ? userId : 0, type, enable: 1, path: `/${key}`,
      name: got.name || `image${info.ext}`, size: got.buf.length, width: info.width, height: info.height, ext: info.ext,
      ip: req.auth.ip, description: '',
    };
    const row = type === ATTACHMENT_TYPE.avatar ? await repo.insertAvatar(values) : await repo.insert(values);
    const body: UploadReply = { message: '上传成功', code: 200, data: toAttachment(row) };
    return body;
  };

  app.post('/upload/avatar', {
    schema: schema('上传头像（jpg、png、gif、webp、bmp、ico，不超过10MB），并设为当前用户头像'),
    config: { access: 'login' },
  }, handle(ATTACHMENT_TYPE.avatar));

  app.post('/upload/config', {
    schema: schema('上传配置图片（Logo、Favicon、背景图等）'),
    config: { access: perm('/api/v1/upload/config', '上传配置图片文件', 'POST') },
  }, handle(ATTACHMENT_TYPE.config));

  app.post('/upload/banner', {
    schema: schema('上传轮播图图片'),
    config: { access: perm('/api/v1/upload/banner', '上传轮播图', 'POST') },
  }, handle(ATTACHMENT_TYPE.banner));

  app.post('/upload/category', {
    schema: schema('上传文档分类封面'),
    config: { access: perm('/api/v1/upload/category', '上传文档分类封面', 'POST') },
  }, handle(ATTACHMENT_TYPE.category));
}
