/**
 * 短信配置 laid out by service (docs/oauth-sms.md): 启用 and 短信服务商 first, then only the chosen
 * service's keys, signature and template (secrets come back as ****** and are kept unless
 * replaced), the send limits, and 发送测试短信 through the saved settings (POST /sms/test).
 */
import { SendOutlined } from '@ant-design/icons';
import { App, Button, Col, Divider, Form, Input, Row, Space } from 'antd';
import { useState } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { ConfigItem } from '../../../../api/types.ts';
import { SMS_PROVIDER_LABELS } from '../../../../domain/status.ts';
import { ConfigField } from './ConfigField.tsx';
import { useBusy } from '../../../common/useBusy.ts';
import { call } from '../../../../api/call.ts';
import { smsTest } from '../../../../api/generated/sms.ts';

/** The settings each service needs, by name prefix. */
const PROVIDER_PREFIX: Readonly<Record<string, string>> = { smsAliyun: 'aliyun_', smsTencent: 'tencent_' };
const GENERAL = ['enable', 'provider'];
const LIMITS = ['mobile_interval', 'mobile_daily', 'ip_interval', 'ip_daily'];

function Fields({ items, half }: { items: readonly ConfigItem[]; half?: boolean }) {
  return (
    <Row gutter={24}>
      {items.map((item) => (
        <Col key={item.id} xs={24} md={half ? 12 : 24}>
          <ConfigField item={item} />
        </Col>
      ))}
    </Row>
  );
}

function TestSend() {
  const { message } = App.useApp();
  const [mobile, setMobile] = useState('');
  const [busy, whileBusy] = useBusy();
  const send = async () => {
    if (!mobile.trim()) return void message.error('请输入接收测试短信的手机号');
    const r = await whileBusy(call(smsTest, { mobile: mobile.trim() }));
    if (isOk(r)) message.success('测试短信已发送，请查收');
    else message.error(messageOf(r, '测试短信发送失败'));
  };
  return (
    <Form.Item label="发送测试短信" extra="使用已保存的配置发送一条验证码短信，修改配置后请先保存；发送记录见「短信管理」">
      <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
        <Input
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
          placeholder="接收测试短信的手机号"
          data-testid="sms-test-mobile"
        />
        <Button icon={<SendOutlined />} loading={busy} onClick={() => void send()} data-testid="sms-test-send">
          发送测试短信
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

export function SmsConfigFields({ items }: { items: readonly ConfigItem[] }) {
  const provider = (Form.useWatch('provider', { preserve: true }) as string | undefined) ?? '';
  const prefix = PROVIDER_PREFIX[provider];
  const pick = (names: readonly string[]) => names.flatMap((n) => items.filter((i) => i.name === n));
  const own = prefix ? items.filter((i) => i.name.startsWith(prefix)) : [];
  // settings of no service and no group above (added later) still show
  const rest = items.filter(
    (i) => ![...GENERAL, ...LIMITS].includes(i.name) && !Object.values(PROVIDER_PREFIX).some((p) => i.name.startsWith(p)),
  );
  return (
    <>
      <Fields items={[...pick(GENERAL), ...rest]} half />
      <Divider titlePlacement="start">{prefix ? SMS_PROVIDER_LABELS[provider] : '短信服务'}</Divider>
      {prefix ? (
        <div data-testid={`sms-provider-${provider}`}>
          <Fields items={own} half />
        </div>
      ) : (
        <p className="mb-6 text-sm text-neutral-500">请先选择短信服务商，再填写该服务商的密钥、签名与模板。</p>
      )}
      <TestSend />
      <Divider titlePlacement="start">发送限制</Divider>
      <Fields items={pick(LIMITS)} half />
    </>
  );
}
