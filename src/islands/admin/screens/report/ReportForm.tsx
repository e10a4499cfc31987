/** 处理举报 drawer → PUT /report (处理状态, 处理备注). */
import { App, Descriptions, Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { updateReport } from '../../../../api/admin-operations.ts';
import type { Report } from '../../../../api/admin-operations.ts';
import { isOk, messageOf } from '../../../../api/http.ts';
import { documentUrl } from '../../../../domain/urls.ts';
import { FormDrawer } from '../../components/FormDrawer.tsx';
import { reasonLabel } from './reasons.ts';

interface Values {
  status: boolean;
  remark: string;
}

export function ReportForm(props: { open: boolean; value: Report | null; onClose: () => void; onSaved: () => void }) {
  const { open, value, onClose, onSaved } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const initial: Values = { status: value?.status ?? false, remark: value?.remark ?? '' };

  const submit = async () => {
    if (!value) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    const r = await updateReport({ id: value.id, status: Boolean(v.status), remark: (v.remark ?? '').trim() });
    setSaving(false);
    if (!isOk(r)) {
      message.error(messageOf(r, '处理失败'));
      return;
    }
    message.success('处理成功');
    onSaved();
  };

  return (
    <FormDrawer open={open} title="处理举报" onClose={onClose} onSubmit={submit} submitting={saving} testId="report-drawer">
      {value && (
        <Descriptions column={1} size="small" bordered style={{ marginBottom: 24 }}>
          <Descriptions.Item label="文档">
            {value.document_uuid ? (
              <a href={documentUrl({ uuid: value.document_uuid })} target="_blank" rel="noreferrer">
                {value.document_title || `#${value.document_id}`}
              </a>
            ) : (
              value.document_title || `#${value.document_id}`
            )}
          </Descriptions.Item>
          <Descriptions.Item label="举报原因">{reasonLabel(value.reason)}</Descriptions.Item>
          <Descriptions.Item label="举报人">{value.username || `#${value.user_id}`}</Descriptions.Item>
        </Descriptions>
      )}
      <Form key={value?.id ?? 0} form={form} layout="vertical" initialValues={initial} clearOnDestroy>
        <Form.Item name="status" label="处理状态" valuePropName="checked">
          <Switch checkedChildren="已处理" unCheckedChildren="未处理" data-testid="report-status" />
        </Form.Item>
        <Form.Item name="remark" label="处理备注">
          <Input.TextArea rows={4} maxLength={500} showCount placeholder="请输入处理备注" data-testid="report-remark" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
