/** 处理举报 drawer → PUT /report (处理状态, 处理备注). */
import { Descriptions, Form, Input, Switch } from 'antd';
import { call } from '../../../../api/call.ts';
import { reportUpdate } from '../../../../api/generated/report.ts';
import type { Report } from '../../../../contract/report.ts';
import { documentUrl } from '../../../../domain/urls.ts';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { valuesOf } from '../../components/formItems.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { reasonLabel } from './reasons.ts';

interface Values {
  status: boolean;
  remark: string;
}

export function ReportForm(props: EditDrawerProps<Report>) {
  const { value } = props;
  const saver = useSaveForm<Values>({
    ...props,
    texts: { ok: '处理成功', fail: '处理失败' },
    initialValues: valuesOf(value, { status: false, remark: '' }),
  });
  const submit = () =>
    saver.save(
      (v) => value && (() => call(reportUpdate, { id: value.id, status: Boolean(v.status), remark: (v.remark ?? '').trim() })),
    );

  return (
    <DrawerForm {...saver.drawer} title="处理举报" onSubmit={submit} testId="report-drawer">
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
      <Form.Item name="status" label="处理状态" valuePropName="checked">
        <Switch checkedChildren="已处理" unCheckedChildren="未处理" data-testid="report-status" />
      </Form.Item>
      <Form.Item name="remark" label="处理备注">
        <Input.TextArea rows={4} maxLength={500} showCount placeholder="请输入处理备注" data-testid="report-remark" />
      </Form.Item>
    </DrawerForm>
  );
}
