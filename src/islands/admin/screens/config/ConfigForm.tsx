/**
 * The data-driven settings form of one category: GET /config/list, PUT /config. A tab with a form
 * of its own (短信配置) lays the items out with `renderFields`; saving stays here.
 */
import { SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Col, Empty, Form, Row, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { ConfigItem } from '../../../../api/types.ts';
import { loadSettings } from '../../../../stores/settings.ts';
import { SAVE_TEXTS, useSaveForm } from '../../hooks/useSaveForm.ts';
import { ConfigField } from './ConfigField.tsx';
import { toFormValue, toWireValue } from './configValues.ts';
import type { FormValue } from './configValues.ts';
import { call } from '../../../../api/call.ts';
import { configList, configUpdate } from '../../../../api/generated/config.ts';

const HINTS: Record<string, string> = {
  email: '保存设置时，如果已启用邮件服务并填写了测试邮箱，系统会向测试邮箱发送一封测试邮件，用以检验邮箱配置是否正确。',
};

const span = (n: number) => (n > 0 && n <= 24 ? n : 24);

interface Props {
  category: string;
  renderFields?: (items: readonly ConfigItem[]) => ReactNode;
}

export function ConfigForm({ category, renderFields }: Props) {
  const { message } = App.useApp();
  const saved = () => {
    // site name, logo and favicon show in this shell too
    if (category === 'system') void loadSettings();
  };
  const { form, saving, save } = useSaveForm<Record<string, FormValue>>({ onSaved: saved, texts: SAVE_TEXTS });
  const [items, setItems] = useState<ConfigItem[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    void call(configList, { category: [category] }).then((r) => {
      if (!alive) return;
      setLoading(false);
      if (!isOk(r)) {
        message.error(messageOf(r, '获取配置失败'));
        return;
      }
      const list = [...r.data.config].sort((a, b) => a.sort - b.sort);
      setItems(list);
      form.setFieldsValue(Object.fromEntries(list.map((i) => [i.name, toFormValue(i)])));
    });
    return () => {
      alive = false;
    };
  }, [category, form, message]);

  const submit = () =>
    save(() => {
      const values = form.getFieldsValue(true) as Record<string, FormValue>;
      const config = items.map((i) => ({ id: i.id, category: i.category, name: i.name, value: toWireValue(i, values[i.name]) }));
      return () => call(configUpdate, { config });
    });

  return (
    <Spin spinning={loading}>
      {HINTS[category] && <Alert type="info" showIcon title={HINTS[category]} style={{ marginBottom: 16 }} />}
      {!loading && !items.length ? (
        <Empty description="暂无配置项" />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit}>
          {renderFields ? (
            renderFields(items)
          ) : (
            <Row gutter={24}>
              {items.map((item) => (
                <Col key={item.id} xs={24} md={span(item.col_num)}>
                  <ConfigField item={item} />
                </Col>
              ))}
            </Row>
          )}
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-testid="config-save">
            保存设置
          </Button>
        </Form>
      )}
    </Spin>
  );
}
