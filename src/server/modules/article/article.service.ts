import { badRequest } from '../../http/errors.ts';
import { htmlToText, sanitizeHtml, textExcerpt } from '../../html/sanitize.ts';
import { IDENTIFIER_PATTERN } from '../../../domain/rules.ts';
import { defaultKeywords } from './article.keywords.ts';
import type { ArticleRepo } from './article.repo.ts';

export const DESCRIPTION_CHARS = 200;

export interface EditableFields {
  title: string;
  keywords: string;
  description: string;
  content: string;
  author: string;
}

/**
 * The stored form of what an author typed: the content sanitised before anything else looks
 * at it; an empty description becomes the first 200 characters of the text, empty keywords
 * the words of the title.
 */
export function prepareFields(input: EditableFields): EditableFields {
  const content = sanitizeHtml(input.content);
  const text = htmlToText(content);
  if (!text && !/<(?:img|video)\b/.test(content)) throw badRequest('请输入文章内容');
  return {
    title: input.title,
    author: input.author,
    content,
    description: input.description || textExcerpt(content, DESCRIPTION_CHARS),
    keywords: input.keywords || defaultKeywords(input.title),
  };
}

/** A chosen identifier must look like a URL segment and be free (recycled articles keep theirs). */
export async function checkIdentifier(repo: ArticleRepo, identifier: string): Promise<void> {
  if (!IDENTIFIER_PATTERN.test(identifier)) throw badRequest('文章标识只能由小写字母、数字、中划线和下划线组成，长度2到64个字符');
  if (await repo.identifierTaken(identifier)) throw badRequest('文章标识已存在');
}

/** The article ids of a batch body (`id` and moredoc's `article_id`), at least one. */
export function batchIds(body: { id: number[]; article_id: number[] }): number[] {
  const ids = [...new Set([...body.id, ...body.article_id])];
  if (!ids.length) throw badRequest('请选择文章');
  return ids;
}
