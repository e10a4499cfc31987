import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ApiError, badRequest, NOT_LOGGED_IN } from '../../http/errors.ts';
import { hashKey } from '../../storage/storage.ts';
import type { ArticleUploadReply } from '../../../contract/article.ts';
import { ATTACHMENT_TYPE, MAX_IMAGE_BYTES } from '../../../contract/upload.ts';
import { inspectImage } from '../upload/image.ts';
import { UploadRepo } from '../upload/upload.repo.ts';
import { receive } from '../upload/upload.routes.ts';
import { ARTICLE_PERMISSIONS as P } from './article.permissions.ts';

export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
const IMAGE_EXTS = ['.jpg', '.png', '.gif', '.webp'];
const VIDEO_EXTS: Record<string, string> = { mp4: '.mp4', webm: '.webm' };

interface Stored {
  buf: Buffer;
  name: string;
  ext: string;
  width: number;
  height: number;
}

/** An image by its bytes: jpg, png, gif or webp (no SVG, no BMP/ICO in articles). */
async function readImage(req: FastifyRequest): Promise<Stored> {
  const got = await receive(req, MAX_IMAGE_BYTES);
  if (!got) throw badRequest(`图片大小不能超过${MAX_IMAGE_BYTES / 1024 / 1024}MB`);
  const info = await inspectImage(got.buf).catch(() => null);
  if (!info || !IMAGE_EXTS.includes(info.ext)) throw badRequest('只能上传 jpg、png、gif、webp 图片');
  return { ...got, ext: info.ext, width: info.width, height: info.height };
}

/** A video by its bytes: mp4 or webm. */
async function readVideo(req: FastifyRequest): Promise<Stored> {
  const got = await receive(req, MAX_VIDEO_BYTES);
  if (!got) throw badRequest(`视频大小不能超过${MAX_VIDEO_BYTES / 1024 / 1024}MB`);
  const type = await fileTypeFromBuffer(got.buf);
  const ext = type && VIDEO_EXTS[type.ext];
  if (!ext) throw badRequest('只能上传 mp4、webm 视频');
  return { ...got, ext, width: 0, height: 0 };
}

/**
 * POST /upload/article?type=image|video for the article editor (wangEditor). Replies are in the
 * editor's format — `{"errno":0,"data":{"url","alt"}}` or `{"errno":1,"msg"}` — with the HTTP
 * status of the outcome (401 not logged in, 403 no permission, 400 a bad file), so the login and
 * permission checks happen here rather than in the route's access rule (which answers moredoc's body).
 * The file becomes an unused article attachment (type 3) until an article shows it.
 */
export default async function articleUploadRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const repo = new UploadRepo(ctx.db);
  ctx.permissions.declare(P.upload);

  // a string payload skips the zero-value stripping: the editor needs errno 0
  const send = (reply: FastifyReply, body: ArticleUploadReply, status = 200) =>
    reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
  const fail = (reply: FastifyReply, status: number, msg: string) => send(reply, { errno: 1, msg }, status);

  app.post<{ Querystring: { type?: string } }>('/upload/article', {
    schema: { tags: ['上传'], summary: '上传文章图片（type=image）或视频（type=video），返回 wangEditor 格式', consumes: ['multipart/form-data'] },
    config: { access: 'public' },
  }, async (req, reply) => {
    try {
      const userId = req.auth.userId;
      if (!userId) return fail(reply, 401, NOT_LOGGED_IN);
      if (!(await req.auth.can(P.upload.path, P.upload.method))) return fail(reply, 403, `您没有权限访问【${P.upload.title}】`);
      const kind = req.query.type || 'image';
      if (kind !== 'image' && kind !== 'video') return fail(reply, 400, '上传类型只能是 image 或 video');
      const file = kind === 'image' ? await readImage(req) : await readVideo(req);
      const hash = createHash('md5').update(file.buf).digest('hex');
      if (await repo.isBanned(hash)) return fail(reply, 400, '文件已被标记为非法文件，禁止上传');
      const key = hashKey('uploads', hash, file.ext);
      if (!(await ctx.storage.exists(key))) await ctx.storage.put(key, file.buf);
      const name = file.name || `${kind}${file.ext}`;
      const row = await repo.insert({
        hash, user_id: userId, type_id: 0, type: ATTACHMENT_TYPE.article, enable: 1, path: `/${key}`, name,
        size: file.buf.length, width: file.width, height: file.height, ext: file.ext, ip: req.auth.ip, description: '',
      });
      return send(reply, { errno: 0, data: kind === 'image' ? { url: row.path, alt: name } : { url: row.path } });
    } catch (err) {
      if (err instanceof ApiError) return fail(reply, err.status, err.message);
      req.log.error(err);
      return fail(reply, 500, '上传失败，请稍后重试');
    }
  });
}
