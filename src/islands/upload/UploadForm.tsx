/**
 * The upload batch (screens §5.8): a category for the batch, a drop zone for many files,
 * per-file title / category (the batch's unless chosen) / price / language / keywords; 提交
 * uploads the files two at a time with a progress bar (POST /upload/document), then publishes
 * them (POST /document, one call per category). Files that uploaded but failed to publish keep
 * their attachment and are not sent again on retry.
 */
import { InboxOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { Alert, App, Button, Card, Cascader, Checkbox, Form } from 'antd';
import { useMemo, useReducer, useRef, useState } from 'react';
import { call } from '../../api/call.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { documentCreate, documentUpload } from '../../api/generated/document.ts';
import { uploadFile } from '../../api/upload.ts';
import { $categories } from '../../stores/categories.ts';
import { documentCategoryOptions } from '../common/categoryOptions.ts';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import { FileList } from './FileList.tsx';
import { StatusPanel } from './StatusPanel.tsx';
import type { CreatedDocument } from './StatusPanel.tsx';
import { acceptFiles, allowedExtensions, formatHint, runLimited, UPLOAD_CONCURRENCY } from './upload-files.ts';
import type { UploadItem } from './upload-files.ts';
import { creditName as siteCreditName } from '../../domain/money.ts';

export function UploadForm({ userId }: { userId: number }) {
  const { message } = App.useApp();
  const settings = useSiteSettings();
  const tree = useStore($categories);
  const options = useMemo(() => documentCategoryOptions(tree), [tree]);
  const items = useRef<UploadItem[]>([]);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [category, setCategory] = useState<number[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedDocument[]>([]);
  // 加入VIP文档 sets every file of the batch, and the files added after it (screens §5.8)
  const [allVip, setAllVip] = useState(false);
  const vipOn = settings.vip.enable;
  const input = useRef<HTMLInputElement>(null);
  const allowed = allowedExtensions(settings);
  const maxMb = settings.security.max_document_size;
  const creditName = siteCreditName(settings.system.credit_name);

  const patch = (key: string, p: Partial<UploadItem>): void => {
    items.current = items.current.map((i) => (i.key === key ? { ...i, ...p } : i));
    rerender();
  };
  const addFiles = (files: FileList | null): void => {
    if (!files?.length || busy) return;
    const got = acceptFiles([...files], items.current, settings, { price: 0, language: '', is_vip: vipOn && allVip });
    items.current = [...items.current, ...got.items];
    setWarnings(got.warnings);
    rerender();
  };

  /** Publishes uploaded files of one category; failures stay in the list with the server's reason. */
  const publish = async (categoryId: number[], ready: UploadItem[]): Promise<void> => {
    const r = await call(documentCreate, {
      category_id: categoryId,
      document: ready.map((i) => ({
        title: i.title.trim(),
        attachment_id: i.attachmentId,
        price: i.price,
        language: i.language,
        keywords: i.keywords.trim(),
        is_vip: vipOn && i.is_vip && i.price > 0,
      })),
    });
    if (isOk(r)) {
      const done = new Set(ready.map((i) => i.key));
      items.current = items.current.filter((i) => !done.has(i.key));
      setCreated((prev) => [...r.data.document, ...prev]);
      message.success(`已成功提交 ${r.data.document.length} 篇文档`);
    } else {
      const text = messageOf(r, '文档发布失败');
      ready.forEach((i) => patch(i.key, { error: text }));
      message.error(text);
    }
  };

  const submit = async (): Promise<void> => {
    if (!category.length && items.current.some((i) => !i.category.length)) return void message.error('请选择文档分类');
    if (!items.current.length) return void message.error('请选择要上传的文档');
    if (items.current.some((i) => !i.title.trim())) return void message.error('请填写每个文档的标题');
    setBusy(true);
    await runLimited(
      items.current.filter((i) => !i.attachmentId),
      UPLOAD_CONCURRENCY,
      async (item) => {
        patch(item.key, { state: 'uploading', progress: 0, error: '' });
        const r = await uploadFile(documentUpload, item.file, (pct) => patch(item.key, { progress: Math.min(pct, 99) }));
        if (isOk(r) && r.data.data.id > 0) patch(item.key, { state: 'uploaded', progress: 100, attachmentId: r.data.data.id });
        else patch(item.key, { state: 'failed', progress: 0, error: messageOf(r, '上传失败') });
      },
    );
    const ready = items.current.filter((i) => i.attachmentId > 0);
    for (const group of byCategory(ready, category)) await publish(group.category, group.items);
    const failed = items.current.filter((i) => i.state === 'failed').length;
    if (failed) message.warning(`${failed} 个文件上传失败，可修改后重新提交`);
    setBusy(false);
    rerender();
  };

  const count = items.current.length;
  return (
    <>
      <Card title="上传文档">
        <Form layout="vertical" component="div">
          <Form.Item label="文档分类" required extra="本批文档默认归入这个分类，也可以在下方为单个文档另选分类">
            <div data-testid="upload-category">
              <Cascader
                options={options}
                value={category}
                changeOnSelect
                showSearch
                disabled={busy}
                placeholder="请选择文档分类"
                style={{ width: '100%', maxWidth: 420 }}
                onChange={(v) => setCategory(((v ?? []) as Array<number | string>).map(Number))}
              />
            </div>
          </Form.Item>
          <Form.Item label="选择文件" required>
            <div
              role="button"
              tabIndex={0}
              className="flex cursor-pointer flex-col items-center rounded-lg border-2 border-dashed border-neutral-300 bg-neutral-50 px-4 py-8 text-center hover:border-primary-500"
              onClick={() => input.current?.click()}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && input.current?.click()}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                addFiles(e.dataTransfer.files);
              }}
            >
              <InboxOutlined style={{ fontSize: 40, color: '#16a34a' }} />
              <p className="mt-2 text-neutral-700">将文件拖到此处，或点击选择文件（可多选）</p>
              <p className="mt-1 text-xs text-neutral-400" title={allowed.join(' ')} data-testid="upload-format-hint">
                {formatHint(allowed)}，单个文件不超过 {maxMb} MB
              </p>
              <input
                ref={input}
                type="file"
                multiple
                hidden
                accept={allowed.join(',')}
                data-testid="upload-input"
                onChange={(e) => {
                  addFiles(e.target.files);
                  e.target.value = '';
                }}
              />
            </div>
          </Form.Item>
          {vipOn && (
            <Checkbox
              checked={allVip}
              disabled={busy}
              data-testid="upload-all-vip"
              onChange={(e) => {
                setAllVip(e.target.checked);
                items.current = items.current.map((i) => ({ ...i, is_vip: e.target.checked }));
                rerender();
              }}
            >
              加入VIP文档（付费文档VIP会员可用VIP专享下载次数免费下载）
            </Checkbox>
          )}
        </Form>
        {warnings.length > 0 && (
          <Alert
            type="warning"
            showIcon
            closable={{ onClose: () => setWarnings([]) }}
            className="mb-4"
            title="以下文件未加入"
            description={warnings.join('；')}
          />
        )}
        <FileList
          items={items.current}
          languages={settings.language}
          creditName={creditName}
          categories={options}
          vipOn={vipOn}
          disabled={busy}
          onChange={patch}
          onRemove={(key) => {
            items.current = items.current.filter((i) => i.key !== key);
            rerender();
          }}
        />
        <div className="mt-4 flex justify-end">
          <Button
            type="primary"
            size="large"
            loading={busy}
            disabled={!count}
            onClick={() => void submit()}
            data-testid="upload-submit"
          >
            {busy ? '文档上传中，请勿刷新页面…' : `提交 ${count} 个文档`}
          </Button>
        </div>
      </Card>
      <StatusPanel userId={userId} created={created} />
    </>
  );
}

/** The uploaded files grouped by the category each goes to: its own, else the batch's. */
function byCategory(ready: readonly UploadItem[], batch: readonly number[]): Array<{ category: number[]; items: UploadItem[] }> {
  const groups = new Map<string, { category: number[]; items: UploadItem[] }>();
  for (const item of ready) {
    const category = item.category.length ? item.category : [...batch];
    const key = category.join('/');
    const group = groups.get(key) ?? { category, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}
