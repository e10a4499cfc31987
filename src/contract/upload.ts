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

export interface Attachment {
  id: number;
  hash: string;
  user_id: number;
  type_id: number;
  type: number;
  enable: boolean;
  path: string;
  name: string;
  size: number;
  width: number;
  height: number;
  ext: string;
  ip: string;
  description: string;
  created_at: string;
  updated_at: string;
}

/** The gin-style upload reply of moredoc. */
export interface UploadReply<T = Attachment> {
  message: string;
  code: number;
  data: T;
}
