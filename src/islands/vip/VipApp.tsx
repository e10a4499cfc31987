/**
 * /vip 加入VIP (screens §5.10): three plans from the `vip` settings, their perks and terms;
 * 立即购买 creates a VIP order (priced by the server) and opens its checkout.
 */
import { CheckCircleFilled, CrownOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Card, Col, Result, Row } from 'antd';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { isOk, messageOf } from '../../api/http.ts';
import { call } from '../../api/call.ts';
import { orderCreate } from '../../api/generated/order.ts';
import type { SettingsVip } from '../../api/settings-types.ts';
import { checkoutUrl, discountLabel, ORDER_TYPE, percentOfFraction, VIP_PLANS, yuan } from '../../domain/money.ts';
import { loginRedirect } from '../../lib/guards.ts';
import { $token } from '../../stores/token.ts';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import { MemberShell } from '../common/MemberShell.tsx';
import { useBusy } from '../common/useBusy.ts';

const plan = (vip: SettingsVip, key: string) => {
  const v = vip as unknown as Record<string, number>;
  return {
    price: v[`${key}_price`] ?? 0,
    original: v[`${key}_original_price`] ?? 0,
    download: v[`${key}_download`] ?? 0,
    times: v[`${key}_times_every_day`] ?? 0,
    discount: percentOfFraction(v[`${key}_document_discount`]),
  };
};

function VipPlans() {
  const { message } = AntApp.useApp();
  const settings = useSiteSettings();
  const token = useStore($token);
  const [selected, setSelected] = useState(0);
  const [busy, whileBusy] = useBusy();
  if (!settings.vip.enable)
    return <Result status="info" title="本站暂未开放VIP会员" extra={<Button href="/member">返回个人中心</Button>} />;
  const buy = async () => {
    if (!token) {
      location.href = loginRedirect('/vip');
      return;
    }
    const res = await whileBusy(call(orderCreate, { order_type: ORDER_TYPE.vip, product_id: selected }));
    if (!isOk(res)) return void message.error(messageOf(res));
    location.href = checkoutUrl(res.data.order_no);
  };
  return (
    <div className="rounded-xl bg-gradient-to-b from-amber-50 to-orange-50 p-6">
      <h1 className="mb-6 text-center text-2xl font-semibold text-amber-900">
        <CrownOutlined /> 加入VIP会员
      </h1>
      <Row gutter={[16, 16]}>
        {VIP_PLANS.map((p) => {
          const v = plan(settings.vip, p.key);
          const active = selected === p.type;
          return (
            <Col xs={24} md={8} key={p.key}>
              <Card
                hoverable
                onClick={() => setSelected(p.type)}
                data-testid={`vip-plan-${p.key}`}
                style={{ borderColor: active ? '#f97316' : undefined, borderWidth: active ? 2 : 1 }}
              >
                <div className="text-lg font-semibold">{p.label}</div>
                <div className="my-3">
                  <span className="text-3xl font-bold text-orange-600">¥{yuan(v.price)}</span>
                  {v.original > v.price && <s className="ml-2 text-neutral-400">¥{yuan(v.original)}</s>}
                </div>
                <ul className="space-y-1 text-sm text-neutral-600">
                  <li>文档购买折扣：{discountLabel(v.discount)}</li>
                  <li>VIP专享免费下载：{v.download} 次</li>
                  <li>整站文档下载频次：{v.times ? `${v.times} 次/天` : '不限'}</li>
                </ul>
              </Card>
            </Col>
          );
        })}
      </Row>
      <Card title="会员权益" style={{ marginTop: 16 }}>
        <Row gutter={[16, 8]}>
          {['VIP文档专享免费下载', '身份标识', '文档折扣', '去广告'].map((b) => (
            <Col xs={12} md={6} key={b}>
              <CheckCircleFilled style={{ color: '#f97316' }} /> {b}
            </Col>
          ))}
        </Row>
      </Card>
      <div className="my-6 text-center">
        <Button type="primary" size="large" loading={busy} onClick={buy} style={{ background: '#f97316', minWidth: 200 }}>
          立即购买
        </Button>
      </div>
      <Card title="购买须知" size="small">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-neutral-600">
          <li>VIP会员为虚拟服务，购买后不支持退款。</li>
          <li>VIP专享免费下载次数仅用于VIP文档；免费的VIP文档下载不消耗次数。</li>
          <li>已购买的文档在有效期内重复下载，不再扣费。</li>
          <li>同时拥有多个VIP时，按年卡 &gt; 季卡 &gt; 月卡的优先级使用。</li>
        </ol>
      </Card>
    </div>
  );
}

export default function VipApp() {
  return (
    <MemberShell width="max-w-5xl">
      <VipPlans />
    </MemberShell>
  );
}
