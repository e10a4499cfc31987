/** 推荐设置 drawer (screens §8.3): a switch, or 取消推荐 / 推荐 / 重新推荐 when already recommended. */
import { Form, Radio, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../../api/call.ts';
import { documentAdminRecommend } from '../../../../api/generated/document-admin.ts';
import type { RecommendType } from './checkActions.ts';
import type { Document } from '../../../../contract/document.ts';
import { formatDatetime } from '../../../../domain/time.ts';
import { DrawerForm, DrawerNote } from '../../components/FormDrawer.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';

export function RecommendDrawer(props: EditDrawerProps<Document>) {
  const { value: doc, onClose } = props;
  const recommended = Boolean(doc?.recommend_at);
  const [type, setType] = useState<RecommendType>(1);
  const saver = useSaveForm<object>({
    ...props,
    texts: { ok: type === 0 ? '已取消推荐' : '推荐成功', fail: '设置失败' },
  });

  useEffect(() => {
    setType(1);
  }, [doc]);

  const submit = () => {
    // nothing to change: a document that is not recommended stays so
    if (!recommended && type === 0) onClose();
    else void saver.save(() => doc && (() => call(documentAdminRecommend, { id: [doc.id], type })));
  };

  return (
    <DrawerForm {...saver.drawer} title="推荐设置" onSubmit={submit} testId="admin-doc-recommend-drawer">
      <Typography.Paragraph strong>{doc?.title}</Typography.Paragraph>
      {recommended ? (
        <>
          <DrawerNote
            type="info"
            title={`该文档已于 ${formatDatetime(doc?.recommend_at)} 推荐。重新推荐会刷新推荐时间，使其排在推荐列表前面。`}
          />
          <Form.Item label="推荐">
            <Radio.Group
              value={type}
              onChange={(e) => setType(e.target.value as RecommendType)}
              options={[
                { value: 0, label: '取消推荐' },
                { value: 1, label: '推荐' },
                { value: 2, label: '重新推荐' },
              ]}
            />
          </Form.Item>
        </>
      ) : (
        <Form.Item label="是否推荐" extra="推荐的文档展示在首页推荐位">
          <Switch checked={type !== 0} onChange={(on) => setType(on ? 1 : 0)} />
        </Form.Item>
      )}
    </DrawerForm>
  );
}
