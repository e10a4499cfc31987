/** The main fields of the article form: title, categories, keywords, author, summary and the body editor. */
import type { Editor } from '@tiptap/react';
import { Card, Col, Form, Input, Row } from 'antd';
import { ArticleEditor } from './ArticleEditor.tsx';
import type { CategoryOption } from './useArticleCategories.ts';
import { ExpandedTreeSelect } from '../common/ExpandedTreeSelect.tsx';
import { requiredText } from '../common/formRules.ts';

/** `requireCategory`: a member's article needs a category (/post); the back office may leave it empty. */
export function ArticleFields({
  editor,
  categories,
  requireCategory = false,
}: {
  editor: Editor | null;
  categories: CategoryOption[];
  requireCategory?: boolean;
}) {
  return (
    <Card size="small">
      <Form.Item name="title" label="标题" rules={requiredText('请输入文章标题', 200, '文章标题最多200个字符')}>
        <Input placeholder="请输入文章标题" maxLength={200} data-testid="article-title" />
      </Form.Item>
      <Form.Item
        name="category_id"
        label="分类"
        rules={requireCategory ? [{ required: true, type: 'array', min: 1, message: '请选择文章分类' }] : []}
      >
        <ExpandedTreeSelect
          multiple
          allowClear
          treeData={categories}
          placeholder="请选择文章分类"
          data-testid="article-category"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item name="keywords" label="关键字" extra="多个关键字用逗号分隔；留空则取自标题">
            <Input placeholder="请输入关键字" maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="author" label="作者" extra="留空则显示网站名称">
            <Input placeholder="请输入作者" maxLength={64} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label="摘要" extra="留空则取内容的前200个字">
        <Input.TextArea rows={3} maxLength={512} showCount placeholder="请输入摘要" />
      </Form.Item>
      <Form.Item label="内容" required>
        <ArticleEditor editor={editor} />
      </Form.Item>
    </Card>
  );
}
