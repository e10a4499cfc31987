/**
 * 上传文档 /admin/document/upload: one category for the batch, default language and price, 加入VIP文档,
 * drag-and-drop files; each file is sent (POST /upload/document) and published (POST /document),
 * two at a time. Failed rows stay with the server's message and can be retried. The file rules
 * come from the public /upload island (its form is styled for the public layout, not the admin one).
 */
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { Alert, App, Button, Card, Checkbox, Col, Form, InputNumber, Row, Select, Space, Upload } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isOk, messageOf } from '../../../../../api/http.ts';
import { $settings } from '../../../../../stores/settings.ts';
import { languageOptions, useCategories, useLanguages } from '../common/useDocOptions.ts';
import { ExpandedTreeSelect } from '../../../../common/ExpandedTreeSelect.tsx';
import { UploadTable } from './UploadTable.tsx';
import { acceptFiles, allowedExtensions, publishItem, runLimited, UPLOAD_CONCURRENCY } from './uploadRows.ts';
import type { UploadItem } from './uploadRows.ts';
import { call } from '../../../../../api/call.ts';
import { userCanUploadDocument } from '../../../../../api/generated/user.ts';

export function UploadPage() {
  const { message } = App.useApp();
  const settings = useStore($settings);
  const categories = useCategories(0);
  const languages = useLanguages();
  const [category, setCategory] = useState<number | undefined>();
  const [language, setLanguage] = useState('');
  const [price, setPrice] = useState(0);
  const [vip, setVip] = useState(false);
  const vipOn = settings.vip.enable;
  const [rows, setRows] = useState<UploadItem[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [denied, setDenied] = useState('');
  const allowed = useMemo(() => allowedExtensions(settings), [settings]);
  const maxMb = settings.security.max_document_size > 0 ? settings.security.max_document_size : 50;

  useEffect(() => {
    void call(userCanUploadDocument).then((r) => setDenied(isOk(r) ? '' : messageOf(r, '您暂无权限上传文档')));
  }, []);

  const patch = (key: string, p: Partial<UploadItem>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...p } : r)));
  const remove = (key: string) => setRows((all) => all.filter((r) => r.key !== key));

  // files dropped together arrive in one tick: check each against the rows added just before
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const add = (file: File) => {
    const got = acceptFiles([file], rowsRef.current, settings, { price, language, is_vip: vipOn && vip });
    if (got.warnings.length) setWarnings((w) => [...w, ...got.warnings]);
    rowsRef.current = [...rowsRef.current, ...got.items];
    setRows(rowsRef.current);
  };

  const submit = async () => {
    if (!category) {
      message.error('请选择文档分类');
      return;
    }
    if (rows.some((r) => !r.title.trim())) {
      message.error('请填写所有文档的标题');
      return;
    }
    setUploading(true);
    setWarnings([]);
    await runLimited(rows, UPLOAD_CONCURRENCY, async (row) => {
      patch(row.key, { state: 'uploading', error: '' });
      const res = await publishItem(row, category, (p) => patch(row.key, p));
      if (res.ok) {
        message.success(`《${row.title.trim()}》上传成功`);
        remove(row.key);
      } else patch(row.key, { state: 'failed', progress: 0, error: res.error });
    });
    setUploading(false);
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {denied && <Alert type="error" showIcon title={denied} />}
      <Card size="small" title="基础配置">
        <Form layout="vertical">
          <Row gutter={16}>
            <Col xs={24} md={10}>
              <Form.Item label="文档分类" required extra="本次上传的所有文档都放入该分类">
                <ExpandedTreeSelect
                  treeData={categories.options}
                  value={category}
                  onChange={(v?: number) => setCategory(v)}
                  placeholder="请选择文档分类"
                  data-testid="admin-upload-category"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={7}>
              <Form.Item label="默认语言" extra="应用于之后添加的文件">
                <Select
                  allowClear
                  options={languageOptions(languages)}
                  value={language || undefined}
                  onChange={(v?: string) => setLanguage(v ?? '')}
                  placeholder="请选择语言"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={7}>
              <Form.Item label={`默认售价（${settings.system.credit_name || '积分'}）`} extra="应用于之后添加的文件">
                <InputNumber min={0} precision={0} value={price} onChange={(v) => setPrice(v ?? 0)} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          {vipOn && (
            <Form.Item extra="勾选后，列表中和之后添加的付费文档都设为VIP文档（免费文档无需设为VIP）">
              <Checkbox
                checked={vip}
                disabled={uploading}
                data-testid="admin-upload-vip"
                onChange={(e) => {
                  setVip(e.target.checked);
                  setRows((all) => all.map((r) => ({ ...r, is_vip: e.target.checked })));
                }}
              >
                加入VIP文档
              </Checkbox>
            </Form.Item>
          )}
        </Form>
        <div data-testid="admin-upload-dragger">
          <Upload.Dragger
            multiple
            showUploadList={false}
            accept={allowed.join(',')}
            disabled={uploading || Boolean(denied)}
            beforeUpload={(file) => {
              add(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">将文件拖到此处，或点击选择文件</p>
            <p className="ant-upload-hint">
              支持 {allowed.slice(0, 8).join(' ')} 等格式，单个文件不超过 {maxMb} MB
            </p>
          </Upload.Dragger>
        </div>
      </Card>
      {warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setWarnings([]) }}
          title="告警提示"
          description={warnings.map((w, i) => (
            <div key={i}>{w}</div>
          ))}
        />
      )}
      <Card size="small" title={`文件列表（${rows.length}）`}>
        <div data-testid="admin-upload-rows">
          <UploadTable
            rows={rows}
            languages={languages}
            vipOn={vipOn}
            disabled={uploading}
            onChange={patch}
            onRemove={remove}
            onClear={() => setRows([])}
          />
        </div>
        <Button
          type="primary"
          size="large"
          block
          icon={<UploadOutlined />}
          style={{ marginTop: 16 }}
          loading={uploading}
          disabled={!rows.length || Boolean(denied)}
          onClick={() => void submit()}
          data-testid="admin-upload-submit"
        >
          {uploading ? '请勿刷新页面，文档上传中...' : `确定上传 ${rows.length} 个文档`}
        </Button>
      </Card>
    </Space>
  );
}
