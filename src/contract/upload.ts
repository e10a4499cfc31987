import { z } from 'zod';
import { numbers, strings, timestamps } from './reply.ts';
import { type Access, endpoint, perm, service } from './endpoint.ts';
/** Attachment types (contract §4.6). */
export const ATTACHMENT_TYPE = {
  unknown: 0,
  avatar: 1,
  document: 2,
  article: 3,
  comment: 4,
  banner: 5,
  category: 6,
  config: 7,
} as const;

/** Image formats accepted by the image upload routes, detected by content. SVG is refused: it can carry script. */
export const IMAGE_EXTENSIONS = ['.jpg', '.png', '.gif', '.webp', '.bmp', '.ico'] as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const attachment = z.object({
  ...numbers('id', 'user_id', 'type_id', 'type', 'size', 'width', 'height'),
  ...strings('hash', 'path', 'name', 'ext', 'ip', 'description'),
  enable: z.boolean(),
  ...timestamps,
});
export type Attachment = z.infer<typeof attachment>;

/** The gin-style upload reply of moredoc. */
export const uploadReply = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), code: z.number(), data });
export type UploadReply<T = Attachment> = z.infer<ReturnType<typeof uploadReply<z.ZodType<T>>>>;

/** An image upload: multipart field `file`, the new attachment in moredoc's upload reply. */
const imageUpload = (path: string, access: Access) =>
  endpoint.post(path, access, { reply: uploadReply(attachment), upload: true });

/** The image uploads (api-contract §2.20); their permissions are moredoc's HTTP routes. */
export const uploadApi = service('UploadAPI', '上传', {
  calls: {
    avatar: imageUpload('/upload/avatar', 'login'),
    config: imageUpload('/upload/config', perm('/api/v1/upload/config', '上传配置图片文件', 'POST')),
    banner: imageUpload('/upload/banner', perm('/api/v1/upload/banner', '上传轮播图', 'POST')),
    category: imageUpload('/upload/category', perm('/api/v1/upload/category', '上传文档分类封面', 'POST')),
  },
  summaries: {
    avatar: '上传头像（jpg、png、gif、webp、bmp、ico，不超过10MB），并设为当前用户头像',
    config: '上传配置图片（Logo、Favicon、背景图等）',
    banner: '上传轮播图图片',
  },
});
