import { errorReplies } from '../../../contract/reply.ts';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { ApiError, badRequest, NOT_LOGGED_IN } from '../../http/errors.ts';
import { hashKey, type Storage } from '../../storage/storage.ts';
import { ATTACHMENT_TYPE, MAX_IMAGE_BYTES } from '../../../contract/upload.ts';
import { inspectImage } from '../upload/image.ts';
import { receiveFile, type IncomingFile } from '../upload/receive.ts';
import { storeUpload, UploadQuota } from '../upload/upload.service.ts';
import { articleApi, type ArticleUploadReply } from '../../../contract/article.ts';

export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
const IMAGE_EXTS = ['.jpg', '.png', '.gif', '.webp'];
const VIDEO_EXTS: Record<string, string> = { mp4: '.mp4', webm: '.webm' };

interface Media {
  ext: string;
  width: number;
  height: number;
}

/** An image by its bytes: jpg, png, gif or webp (no SVG, no BMP/ICO in articles). At most 10 MB, so read whole. */
async function imageOf(file: IncomingFile): Promise<Media> {
  const info = await inspectImage(await readFile(file.path)).catch(() => null);
  if (!info || !IMAGE_EXTS.includes(info.ext)) throw badRequest('只能上传 jpg、png、gif、webp 图片');
  return { ext: info.ext, width: info.width, height: info.height };
}

/** A video by its first bytes: mp4 or webm. */
async function videoOf(file: IncomingFile): Promise<Media> {
  const type = await fileTypeFromFile(file.path);
  const ext = type && VIDEO_EXTS[type.ext];
  if (!ext) throw badRequest('只能上传 mp4、webm 视频');
  return { ext, width: 0, height: 0 };
}

/** The file of the request, streamed to a temp file; 400 when over the kind's limit. */
async function receiveMedia(req: FastifyRequest, storage: Storage, kind: 'image' | 'video'): Promise<IncomingFile> {
  const limit = kind === 'image' ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES;
  const file = await receiveFile(req, storage, limit);
  if (!file) throw badRequest(`${kind === 'image' ? '图片' : '视频'}大小不能超过${limit / 1024 / 1024}MB`);
  return file;
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
  const quota = new UploadQuota(ctx);
  const { upload } = articleApi.calls;
  const P = articleApi.checks;

  // a string payload skips the zero-value stripping: the editor needs errno 0
  const send = (reply: FastifyReply, body: ArticleUploadReply, status = 200) =>
    reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
  const fail = (reply: FastifyReply, status: number, msg: string) => send(reply, { errno: 1, msg }, status);

  // the table's entry, registered by hand: a multipart body, and answers in the editor's format
  app.post<{ Querystring: { type?: string } }>(
    upload.path,
    {
      schema: {
        response: { 200: upload.reply, ...errorReplies },
        tags: [...articleApi.tags],
        summary: upload.summary,
        consumes: ['multipart/form-data'],
      },
      config: { access: upload.access },
    },
    async (req, reply) => {
      try {
        const userId = req.auth.userId;
        if (!userId) return fail(reply, 401, NOT_LOGGED_IN);
        if (!(await req.auth.can(P.upload.path, P.upload.method))) return fail(reply, 403, `您没有权限访问【${P.upload.title}】`);
        const kind = req.query.type || 'image';
        if (kind !== 'image' && kind !== 'video') return fail(reply, 400, '上传类型只能是 image 或 video');
        await quota.check(userId);
        const file = await receiveMedia(req, ctx.storage, kind);
        try {
          const media = kind === 'image' ? await imageOf(file) : await videoOf(file);
          const key = hashKey('uploads', file.md5, media.ext);
          const name = file.name || `${kind}${media.ext}`;
          const row = await storeUpload(ctx, file, key, {
            hash: file.md5,
            user_id: userId,
            type_id: 0,
            type: ATTACHMENT_TYPE.article,
            enable: 1,
            path: `/${key}`,
            name,
            size: file.size,
            width: media.width,
            height: media.height,
            ext: media.ext,
            ip: req.auth.ip,
            description: '',
          });
          return send(reply, { errno: 0, data: kind === 'image' ? { url: row.path, alt: name } : { url: row.path } });
        } finally {
          await file.discard();
        }
      } catch (err) {
        if (err instanceof ApiError) return fail(reply, err.status, err.message);
        req.log.error(err);
        return fail(reply, 500, '上传失败，请稍后重试');
      }
    },
  );
}
