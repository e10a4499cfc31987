import { z } from 'zod';
import { numbers, strings, timestamps } from './reply.ts';
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
