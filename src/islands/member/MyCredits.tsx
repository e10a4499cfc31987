/** /member/credit 积分明细: today's sign-in and every credit movement with the balance after it. */
import type { TableColumnsType } from 'antd';
import { Card, Tag } from 'antd';
import { useState } from 'react';
import { callPage } from '../../api/call.ts';
import { creditLog } from '../../api/generated/credit.ts';
import type { CreditLog } from '../../contract/credit.ts';
import type { User } from '../../api/types.ts';
import { MemberTable, timeColumn } from './MemberTable.tsx';
import { SignButton } from './SignButton.tsx';

export function MyCredits({ user, creditName }: { user: User; creditName: string }) {
  const [version, setVersion] = useState(0);
  const columns: TableColumnsType<CreditLog> = [
    timeColumn('时间', 140),
    {
      title: `变动（${creditName}）`,
      key: 'amount',
      width: 120,
      render: (_, r) => <Tag color={r.amount >= 0 ? 'green' : 'red'}>{r.amount >= 0 ? `+${r.amount}` : r.amount}</Tag>,
    },
    { title: '余额', dataIndex: 'balance', width: 100 },
    { title: '说明', dataIndex: 'reason' },
  ];
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
        scrollX={560}
        deps={`${user.id}:${version}:${user.credit_count}`}
      />
    </div>
  );
}
