/** 积分充值 (screens §8.5): add or take credits with a reason (POST /order/system/recharge); the username is typed again to confirm. */
import { useStore } from '@nanostores/react';
import { Form, Input, InputNumber } from 'antd';
import { call } from '../../../../api/call.ts';
import { creditSystemRecharge } from '../../../../api/generated/credit.ts';
import type { User } from '../../../../api/types.ts';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { creditName } from '../../../../domain/money.ts';
import { $settings } from '../../../../stores/settings.ts';
import { ShownItem } from '../../../common/ShownItem.tsx';
import { requiredText, sameAs } from '../../../common/formRules.ts';

interface Values {
  credit: number | null;
  remark: string;
  confirm: string;
}

export function UserCreditDrawer(props: EditDrawerProps<User>) {
  const { value: user } = props;
  const name = creditName(useStore($settings).system.credit_name);
  const saver = useSaveForm<Values>({
    ...props,
    texts: { ok: `${name}已调整`, fail: '调整失败' },
    initialValues: { credit: null, remark: '', confirm: '' },
  });
  const submit = () =>
    saver.save(
      (v) => user && (() => call(creditSystemRecharge, { user_id: user.id, credit: Number(v.credit), remark: v.remark.trim() })),
    );
  return (
    <DrawerForm {...saver.drawer} title="积分充值" onSubmit={submit} testId="user-credit-drawer">
      <ShownItem label="用户名" value={user?.username ?? ''} />
      <ShownItem label={`当前${name}`} value={String(user?.credit_count ?? 0)} />
      <Form.Item
        name="credit"
        label="调整数量"
        extra="正数为充值，负数为扣除（余额不能小于0）"
        rules={[
          { required: true, message: `请输入${name}数量` },
          { validator: (_, v) => (Number(v) === 0 ? Promise.reject(new Error(`${name}数量不能为0`)) : Promise.resolve()) },
        ]}
      >
        <InputNumber min={-1_000_000} max={1_000_000} precision={0} style={{ width: '100%' }} data-testid="credit-amount" />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={requiredText('请输入备注')}>
        <Input maxLength={255} placeholder="调整原因，会显示在用户的积分明细中" data-testid="credit-remark" />
      </Form.Item>
      <Form.Item name="confirm" label="确认用户名" rules={sameAs('请再次输入用户名以确认', () => user?.username, '用户名不一致')}>
        <Input placeholder="请再次输入用户名" data-testid="credit-confirm" />
      </Form.Item>
    </DrawerForm>
  );
}
