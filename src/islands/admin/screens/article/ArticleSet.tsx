/**
 * 新增/编辑文章 /admin/article/set[?id=] (screens §8.4): the article form with the TipTap editor
 * and the admin box. After saving, the editor shows the stored (server-sanitised) content.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Form, Result, Row, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call, type BodyOf, type ReplyOf } from '../../../../api/call.ts';
import { articleCheck, articleCreate, articleGet, articleRecommend, articleUpdate } from '../../../../api/generated/article.ts';
import { isOk, messageOf } from '../../../../api/http.ts';
import { articleUrl } from '../../../../domain/urls.ts';
import { useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { go } from '../../router.ts';
import { ArticleAdminBox } from './ArticleAdminBox.tsx';
import type { AdminBoxValues } from './ArticleAdminBox.tsx';
import { useArticleEditor } from '../../../article/ArticleEditor.tsx';
import { ArticleFields } from '../../../article/ArticleFields.tsx';
import { EMPTY_ARTICLE_FORM, readArticleForm } from '../../../article/articleForm.ts';
import type { ArticleFormValues } from '../../../article/articleForm.ts';
import { useArticleCategories } from '../../../article/useArticleCategories.ts';

type Article = ReplyOf<typeof articleGet>;
/** What the form sends; `identifier` and `status` are honoured on create only. */
type ArticleBody = Omit<BodyOf<typeof articleUpdate>, 'id'>;

type Values = AdminBoxValues & ArticleFormValues;

const EMPTY: Values = {
  ...EMPTY_ARTICLE_FORM,
  identifier: '',
  status: 1,
  reject_reason: '',
  is_recommend: false,
};

const valuesOf = (a: Article): Values => ({
  title: a.title,
  category_id: a.category_id,
  keywords: a.keywords,
  description: a.description,
  author: a.author,
  identifier: a.identifier,
  status: a.status,
  reject_reason: a.reject_reason,
  is_recommend: Boolean(a.recommend_at),
});

export function ArticleSet() {
  const { message } = App.useApp();
  const q = useUrlQuery();
  const id = q.num('id', 0);
  const editor = useArticleEditor();
  const categories = useArticleCategories();
  const [form] = Form.useForm<Values>();
  const [article, setArticle] = useState<Article | null>(null);
  const [html, setHtml] = useState<{ value: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let alive = true;
    setLoadError('');
    if (!id) {
      setArticle(null);
      setSaved(false);
      form.setFieldsValue(EMPTY);
      setHtml({ value: '' });
      return;
    }
    setLoading(true);
    void call(articleGet, { id }).then((r) => {
      if (!alive) return;
      setLoading(false);
      if (!isOk(r)) {
        setLoadError(messageOf(r, '获取文章失败'));
        return;
      }
      setArticle(r.data);
      form.setFieldsValue(valuesOf(r.data));
      setHtml({ value: r.data.content });
    });
    return () => {
      alive = false;
    };
  }, [id, tick, form]);

  // a fresh object each load, so identical content is put back too
  useEffect(() => {
    if (editor && html) editor.commands.setContent(html.value, { emitUpdate: false });
  }, [editor, html]);

  /** PUT /article, then the status and recommendation, which that call leaves alone. */
  const saveExisting = async (a: Article, body: ArticleBody, v: Values): Promise<boolean> => {
    const r = await call(articleUpdate, { ...body, id: a.id });
    if (!isOk(r)) {
      message.error(messageOf(r, '保存失败'));
      return false;
    }
    // an edited rejected article goes back to review on the server
    const stored = a.status === 2 ? 0 : a.status;
    if (v.status !== stored || v.status === 2) {
      const c = await call(articleCheck, {
        article_id: [a.id],
        status: v.status,
        reject_reason: v.status === 2 ? v.reject_reason.trim() : '',
      });
      if (!isOk(c)) message.error(messageOf(c, '文章已保存，但审核状态未能更新'));
    }
    if (a.recommend_at && !body.is_recommend) {
      const c = await call(articleRecommend, { article_id: [a.id], is_recommend: false });
      if (!isOk(c)) message.error(messageOf(c, '文章已保存，但未能取消推荐'));
    }
    return true;
  };

  const save = async () => {
    if (!editor || (id && !article)) return;
    const read = await readArticleForm(form, editor, () => message.error('请输入文章内容'));
    if (!read) return;
    const v = read.values;
    const body: ArticleBody = {
      ...read.body,
      is_recommend: Boolean(v.is_recommend),
      identifier: (v.identifier ?? '').trim(),
    };
    setSaving(true);
    if (!id || !article) {
      const r = await call(articleCreate, { ...body, status: v.status });
      setSaving(false);
      if (!isOk(r)) {
        message.error(messageOf(r, '发布失败'));
        return;
      }
      message.success('发布成功');
      setSaved(true);
      go(`/admin/article/set?id=${r.data.id}`, true);
      return;
    }
    const ok = await saveExisting(article, body, v);
    setSaving(false);
    if (!ok) return;
    message.success('保存成功');
    setSaved(true);
    setTick((t) => t + 1);
  };

  const back = () => go('/admin/article/list');
  if (loadError) {
    return <Result status="warning" title={loadError} extra={<Button onClick={back}>返回文章列表</Button>} />;
  }
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={back}>
            返回
          </Button>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {id ? '编辑文章' : '新增文章'}
          </Typography.Title>
          {article && (
            <a href={articleUrl(article)} target="_blank" rel="noopener noreferrer">
              查看文章
            </a>
          )}
        </Space>
      </Card>
      {saved && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setSaved(false) }}
          title="已保存"
          description="编辑器中显示的是服务器保存后的内容（不安全的 HTML 已被过滤）。"
          data-testid="article-saved"
        />
      )}
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" initialValues={EMPTY}>
          <Row gutter={16}>
            <Col xs={24} lg={17}>
              <ArticleFields editor={editor} categories={categories} />
            </Col>
            <Col xs={24} lg={7}>
              <ArticleAdminBox creating={!id} saving={saving} onSave={() => void save()} />
            </Col>
          </Row>
        </Form>
      </Spin>
    </Space>
  );
}
