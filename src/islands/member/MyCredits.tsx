/** /member/credit 积分明细: today's sign-in and every credit movement with the balance after it. */
import type { TableColumnsType } from 'antd';
import { Card, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { callPage } from '../../api/call.ts';
import { creditLog } from '../../api/generated/credit.ts';
import type { CreditLog } from '../../contract/credit.ts';
import type { User } from '../../api/types.ts';
import { formatDatetime, relativeTime } from '../../domain/time.ts';
import { usePhone } from '../common/useListData.ts';
import { MemberTable, timeColumn } from './MemberTable.tsx';
import { SignButton } from './SignButton.tsx';

/** The change, green when credits came in, red when they went out. */
const amountTag = (r: CreditLog) => (
  <Tag color={r.amount >= 0 ? 'green' : 'red'}>{r.amount >= 0 ? `+${r.amount}` : r.amount}</Tag>
);

/** Time, change, balance and reason side by side (scrolled sideways below 560 px). */
function wideColumns(creditName: string): TableColumnsType<CreditLog> {
  return [
    timeColumn('时间', 140),
    { title: `变动（${creditName}）`, key: 'amount', width: 120, render: (_, r) => amountTag(r) },
    { title: '余额', dataIndex: 'balance', width: 100 },
    { title: '说明', dataIndex: 'reason' },
  ];
}

/** On a phone the reason leads, with its time and the balance after it beneath: no sideways scrolling to read why. */
function narrowColumns(creditName: string): TableColumnsType<CreditLog> {
  return [
    {
      title: '说明',
      key: 'reason',
      render: (_, r) => (
        <div data-testid="credit-row-reason">
          <div>{r.reason}</div>
          <div className="text-xs text-neutral-500">
            <Tooltip title={formatDatetime(r.created_at)}>{relativeTime(r.created_at)}</Tooltip> · 余额 {r.balance}
          </div>
        </div>
      ),
    },
    { title: `变动（${creditName}）`, key: 'amount', width: 96, align: 'right', render: (_, r) => amountTag(r) },
  ];
}

export function MyCredits({ user, creditName }: { user: User; creditName: string }) {
  const [version, setVersion] = useState(0);
  const narrow = usePhone();
  const columns = narrow ? narrowColumns(creditName) : wideColumns(creditName);
  return (
    <div data-testid="member-credits">
      <Card size="small" style={{ marginBottom: 16 }}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>
            当前{creditName}：
            <b className="text-lg text-orange-700" data-testid="credit-balance">
              {user.credit_count}
            </b>
          </span>
          <div className="w-40">
            <SignButton creditName={creditName} onSigned={() => setVersion((v) => v + 1)} />
          </div>
        </div>
      </Card>
      <MemberTable<CreditLog>
        fetch={(page, size) => callPage(creditLog, 'credit_log', { page, size })}
        texts={{ fail: '获取积分明细失败', empty: `暂无${creditName}变动`, unit: '条' }}
        columns={columns}
        scrollX={narrow ? 300 : 560}
        deps={`${user.id}:${version}:${user.credit_count}`}
      />
    </div>
  );
}
