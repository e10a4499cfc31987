/** 每日签到 / 今日已签到 (GET /user/sign/today, PUT /user/sign): once a day, the reward lands in the credit log. */
import { CalendarOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { isOk, messageOf } from '../../api/http.ts';
import { call } from '../../api/call.ts';
import { creditSign, creditToday } from '../../api/generated/credit.ts';
import { refreshUser } from '../../stores/session.ts';
import { useBusy } from '../common/useBusy.ts';

export function SignButton({ creditName, onSigned }: { creditName: string; onSigned?: () => void }) {
  const { message } = App.useApp();
  const [signed, setSigned] = useState<boolean | null>(null);
  const [busy, whileBusy] = useBusy();
  useEffect(() => {
    void call(creditToday).then((r) => setSigned(isOk(r) && r.data.signed));
  }, []);
  const sign = async () => {
    const res = await whileBusy(call(creditSign));
    if (!isOk(res)) {
      message.error(messageOf(res));
      if (res.status === 409) setSigned(true);
      return;
    }
    setSigned(true);
    message.success(res.data.award ? `签到成功，获得 ${res.data.award} ${creditName}` : '签到成功');
    await refreshUser();
    onSigned?.();
  };
  return (
    <Button block icon={<CalendarOutlined />} disabled={signed !== false} loading={busy} onClick={sign} data-testid="sign-button">
      {signed ? '今日已签到' : '每日签到'}
    </Button>
  );
}
