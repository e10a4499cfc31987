/** The article form's own fields, read into a request body (/post and the back office's 新增/编辑文章). */
import type { Editor } from '@tiptap/react';
import type { FormInstance } from 'antd';

export interface ArticleFormValues {
  title: string;
  category_id: number[];
  keywords: string;
  description: string;
  author: string;
}

export const EMPTY_ARTICLE_FORM: ArticleFormValues = { title: '', category_id: [], keywords: '', description: '', author: '' };

/**
 * The form's values (checked, the form shows what is missing) and the body the article calls send,
 * with the editor's HTML; null when something is missing (an empty body: `onEmpty` says so).
 */
export async function readArticleForm<V extends ArticleFormValues>(form: FormInstance<V>, editor: Editor, onEmpty: () => void) {
  const v = await form.validateFields().catch(() => null);
  if (!v) return null;
  if (editor.isEmpty) {
    onEmpty();
    return null;
  }
  const body = {
    title: v.title.trim(),
    keywords: (v.keywords ?? '').trim(),
    description: (v.description ?? '').trim(),
    content: editor.getHTML(),
    author: (v.author ?? '').trim(),
    category_id: v.category_id ?? [],
  };
  return { values: v, body };
}
