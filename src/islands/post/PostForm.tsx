/**
 * The /post form (screens §5.9): the article fields and editor shared with the back office
 * (islands/article/), and a 发布 box. A new article goes to POST /article, an edited one (`identifier`,
 * the member's own) to PUT /article; the server decides whether it is published or waits for review,
 * and the member lands on the article's page either way (its owner sees it while it waits).
 */
import { Alert, App, Breadcrumb, Button, Card, Col, Form, Result, Row, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { call, type ReplyOf } from '../../api/call.ts';
import { articleCreate, articleGet, articleUpdate } from '../../api/generated/article.ts';
import { isOk, mapOk, messageOf } from '../../api/http.ts';
import { REVIEW_STATUS } from '../../domain/status.ts';
import { MEMBER_PATHS, articleUrl } from '../../domain/urls.ts';
import { useArticleEditor } from '../article/ArticleEditor.tsx';
import { ArticleFields } from '../article/ArticleFields.tsx';
import { EMPTY_ARTICLE_FORM, readArticleForm } from '../article/articleForm.ts';
import type { ArticleFormValues } from '../article/articleForm.ts';
import { useArticleCategories } from '../article/useArticleCategories.ts';

type Article = ReplyOf<typeof articleGet>;

/** The member's article to edit, or the reason it cannot be edited here. */
function useOwnArticle(identifier: string, userId: number): { article: Article | null; error: string; loading: boolean } {
  const [state, setState] = useState({ article: null as Article | null, error: '', loading: Boolean(identifier) });
  useEffect(() => {
    if (!identifier) return;
    let alive = true;
    void call(articleGet, { identifier }).then((r) => {
      if (!alive) return;
      if (!isOk(r)) setState({ article: null, error: messageOf(r, '获取文章失败'), loading: false });
      else if (r.data.user_id !== userId) setState({ article: null, error: '您只能编辑自己的文章', loading: false });
      else setState({ article: r.data, error: '', loading: false });
    });
    return () => {
      alive = false;
    };
  }, [identifier, userId]);
  return state;
}

export function PostForm({ userId, identifier }: { userId: number; identifier: string }) {
  const { message } = App.useApp();
  const editor = useArticleEditor();
  const categories = useArticleCategories(true);
  const [form] = Form.useForm<ArticleFormValues>();
  const { article, error, loading } = useOwnArticle(identifier, userId);
  const [saving, setSaving] = useState(false);
  const editing = Boolean(identifier);

  useEffect(() => {
    if (!article) return;
    form.setFieldsValue({
      title: article.title,
      category_id: article.category_id,
      keywords: article.keywords,
      description: article.description,
      author: article.author,
    });
    editor?.commands.setContent(article.content, { emitUpdate: false });
  }, [article, editor, form]);

  const save = async () => {
    if (!editor || (editing && !article)) return;
    const read = await readArticleForm(form, editor, () => message.error('请输入文章内容'));
    if (!read) return;
    const { body } = read;
    setSaving(true);
    // an update answers nothing: the page to go to is the one the article already has, in its new category
    const r = article
      ? mapOk(await call(articleUpdate, { ...body, id: article.id }), () => ({ ...article, category_id: body.category_id }))
      : await call(articleCreate, body);
    setSaving(false);
    if (isOk(r)) location.assign(articleUrl(r.data));
    else message.error(messageOf(r, article ? '更新失败' : '发布失败'));
  };

  if (error) {
    return <Result status="warning" title={error} extra={<Button href={MEMBER_PATHS.articles}>返回我的文章</Button>} />;
  }
  return (
    <div className="flex flex-col gap-4">
      <Card size="small">
        <div className="flex flex-wrap items-center gap-3">
          <Breadcrumb items={[{ title: <a href="/">首页</a> }, { title: editing ? '编辑文章' : '发布文章' }]} />
          {editing && <Tag color="processing">编辑中</Tag>}
          <Button className="ml-auto" onClick={() => history.back()}>
            返回
          </Button>
        </div>
      </Card>
      {article?.status === REVIEW_STATUS.rejected && (
        <Alert
          type="warning"
          showIcon
          title={`文章未通过审核${article.reject_reason ? `：${article.reject_reason}` : ''}`}
          description="修改后保存，文章将重新提交审核。"
        />
      )}
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" initialValues={EMPTY_ARTICLE_FORM}>
          <Row gutter={16}>
            <Col xs={24} lg={17}>
              <ArticleFields editor={editor} categories={categories} requireCategory />
            </Col>
            <Col xs={24} lg={7}>
              <Card size="small" title="发布">
                <Button type="primary" block loading={saving} onClick={() => void save()} data-testid="post-submit">
                  {editing ? '更新文章' : '发布文章'}
                </Button>
              </Card>
            </Col>
          </Row>
        </Form>
      </Spin>
    </div>
  );
}
