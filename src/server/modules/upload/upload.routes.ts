import { errorReplies } from '../../../contract/reply.ts';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { perm } from '../../auth/access.ts';
import { Code, errorBody } from '../../http/errors.ts';
import { hashKey } from '../../storage/storage.ts';
import { ATTACHMENT_TYPE, attachment, MAX_IMAGE_BYTES, uploadReply, type UploadReply } from '../../../contract/upload.ts';
import { inspectImage } from './image.ts';
import { receiveFile } from './receive.ts';
import { storeUpload, UploadQuota } from './upload.service.ts';
import { toAttachment } from './upload.repo.ts';

const TOO_LARGE = `图片大小不能超过${MAX_IMAGE_BYTES / 1024 / 1024}MB`;

export default async function uploadRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const repo = ctx.repos.upload;
  const quota = new UploadQuota(ctx);
  const tags = ['上传'];
  const schema = (summary: string) => ({
    tags,
    summary,
    consumes: ['multipart/form-data'],
    response: { 200: uploadReply(attachment), ...errorReplies },
  });

  /** Checks, stores (deduplicated by md5) and records one image; avatars also become the user's avatar. */
  const handle = (type: number) => async (req: FastifyRequest, reply: FastifyReply) => {
    const userId = req.auth.requireLogin();
    await quota.check(userId);
    const file = await receiveFile(req, ctx.storage, MAX_IMAGE_BYTES);
    if (!file) return reply.code(413).send(errorBody(Code.InvalidArgument, TOO_LARGE));
    try {
      // images are at most 10 MB: reading the finished temp file whole is fine
      const info = await inspectImage(await readFile(file.path));
      const key = hashKey('uploads', file.md5, info.ext);
      const row = await storeUpload(ctx, file, key, {
        hash: file.md5,
        user_id: userId,
        type_id: type === ATTACHMENT_TYPE.avatar ? userId : 0,
        type,
        enable: 1,
        path: `/${key}`,
        name: file.name || `image${info.ext}`,
        size: file.size,
        width: info.width,
        height: info.height,
        ext: info.ext,
        ip: req.auth.ip,
        description: '',
      });
      if (type === ATTACHMENT_TYPE.avatar) await repo.useNewestAvatar(userId);
      const body: UploadReply = { message: '上传成功', code: 200, data: toAttachment(row) };
      return body;
    } finally {
      await file.discard();
    }
  };

  app.post(
    '/upload/avatar',
    {
      schema: schema('上传头像（jpg、png、gif、webp、bmp、ico，不超过10MB），并设为当前用户头像'),
      config: { access: 'login' },
    },
    handle(ATTACHMENT_TYPE.avatar),
  );

  app.post(
    '/upload/config',
    {
      schema: schema('上传配置图片（Logo、Favicon、背景图等）'),
      config: { access: perm('/api/v1/upload/config', '上传配置图片文件', 'POST') },
    },
    handle(ATTACHMENT_TYPE.config),
  );

  app.post(
    '/upload/banner',
    {
      schema: schema('上传轮播图图片'),
      config: { access: perm('/api/v1/upload/banner', '上传轮播图', 'POST') },
    },
    handle(ATTACHMENT_TYPE.banner),
  );

  app.post(
    '/upload/category',
    {
      schema: schema('上传文档分类封面'),
      config: { access: perm('/api/v1/upload/category', '上传文档分类封面', 'POST') },
    },
    handle(ATTACHMENT_TYPE.category),
  );
}
