import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, errorBody } from '../../http/errors.ts';
import { hashKey } from '../../storage/storage.ts';
import { ATTACHMENT_TYPE, MAX_IMAGE_BYTES, uploadApi, type UploadReply } from '../../../contract/upload.ts';
import { serviceRoutes } from '../../http/routes.ts';
import { inspectImage } from './image.ts';
import { receiveFile } from './receive.ts';
import { storeUpload, UploadQuota } from './upload.service.ts';
import { toAttachment } from './upload.repo.ts';

const TOO_LARGE = `图片大小不能超过${MAX_IMAGE_BYTES / 1024 / 1024}MB`;

export default async function uploadRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const repo = ctx.repos.upload;
  const quota = new UploadQuota(ctx);
  const { calls } = uploadApi;
  const api = serviceRoutes(app, uploadApi);

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

  api.handle(calls.avatar, handle(ATTACHMENT_TYPE.avatar));
  api.handle(calls.config, handle(ATTACHMENT_TYPE.config));
  api.handle(calls.banner, handle(ATTACHMENT_TYPE.banner));
  api.handle(calls.category, handle(ATTACHMENT_TYPE.category));
}
