/** 新增处罚 (POST /punishment, users × types) / 编辑处罚 (PUT /punishment: enable, end time, reason, remark). */
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Checkbox, DatePicker, Descriptions, Form, Input, Switch, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { call } from '../../../../api/call.ts';
import { punishmentCreate, punishmentUpdate } from '../../../../api/generated/punishment.ts';
import type { Punishment } from '../../../../contract/punishment.ts';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { UserSelect } from './UserSelect.tsx';
import { PUNISHMENT_TYPE_LABELS, PUNISHMENT_TYPE_TIPS } from '../../../../domain/status.ts';

interface Values {
  user_id: number[];
  type: number[];
  enable: boolean;
  end_time: Dayjs | null;
  reason: string;
  remark: string;
}

const after = (n: number, unit: dayjs.ManipulateType) => () => dayjs().add(n, unit);
const PRESETS = [
  { label: '1小时', value: after(1, 'hour') },
  { label: '12小时', value: after(12, 'hour') },
  { label: '1天', value: after(1, 'day') },
  { label: '2天', value: after(2, 'day') },
  { label: '1周', value: after(1, 'week') },
  { label: '1月', value: after(1, 'month') },
  { label: '半年', value: after(6, 'month') },
  { label: '1年', value: after(1, 'year') },
];

const TYPE_OPTIONS = Object.entries(PUNISHMENT_TYPE_LABELS).map(([v, label]) => ({
  value: Number(v),
  label: (
    <Tooltip title={PUNISHMENT_TYPE_TIPS[Number(v)]}>
      <span>
        {label} <QuestionCircleOutlined style={{ color: '#94a3b8' }} />
      </span>
    </Tooltip>
  ),
}));

export function PunishmentForm(props: EditDrawerProps<Punishment>) {
  const { value } = props;

  const initial: Values = {
    user_id: [],
    type: [],
    enable: value ? value.enable : true,
    end_time: value?.end_time ? dayjs(value.end_time) : null,
    reason: value?.reason ?? '',
    remark: value?.remark ?? '',
  };
  const saver = useSaveForm<Values>({ ...props, initialValues: initial });

  /** An unchanged end time is sent back as stored (a past one is accepted only then). */
  const endTime = (d: Dayjs | null): string | null => {
    if (!d) return null;
    if (value?.end_time && dayjs(value.end_time).isSame(d)) return value.end_time;
    return d.toISOString();
  };

  const submit = () =>
    saver.save((v) => {
      const common = {
        enable: Boolean(v.enable),
        end_time: endTime(v.end_time ?? null),
        reason: (v.reason ?? '').trim(),
        remark: (v.remark ?? '').trim(),
      };
      return () =>
        value
          ? call(punishmentUpdate, { id: value.id, ...common })
          : call(punishmentCreate, { user_id: v.user_id, type: v.type, ...common });
    });

  return (
    <DrawerForm {...saver.drawer} title={value ? '编辑处罚' : '新增处罚'} onSubmit={submit} testId="punishment-drawer">
      {value ? (
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="用户">{value.username || `#${value.user_id}`}</Descriptions.Item>
          <Descriptions.Item label="处罚类型">
            {PUNISHMENT_TYPE_LABELS[value.type] ?? value.type}（{PUNISHMENT_TYPE_TIPS[value.type] ?? ''}）
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <>
          <Form.Item
            name="user_id"
            label="用户"
            rules={[{ required: true, type: 'array', min: 1, message: '请选择要处罚的用户' }]}
          >
            <UserSelect excludeRoot placeholder="输入用户名搜索，可多选" testId="punishment-users" />
          </Form.Item>
          <Form.Item
            name="type"
            label="处罚类型"
            extra="每个用户每种类型一条处罚记录，已有的会被更新"
            rules={[{ required: true, type: 'array', min: 1, message: '请选择处罚类型' }]}
          >
            <Checkbox.Group options={TYPE_OPTIONS} data-testid="punishment-types" />
          </Form.Item>
        </>
      )}
      <Form.Item name="enable" label="是否启用处罚" valuePropName="checked">
        <Switch checkedChildren="启用" unCheckedChildren="禁用" />
      </Form.Item>
      <Form.Item name="end_time" label="截止时间" extra="留空表示永久处罚">
        <DatePicker
          showTime
          allowClear
          presets={PRESETS}
          placeholder="永久"
          format="YYYY-MM-DD HH:mm:ss"
          style={{ width: '100%' }}
          data-testid="punishment-end-time"
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label="处罚原因"
        extra="会展示给被处罚的用户"
        rules={[{ max: 255, message: '处罚原因最多255个字符' }]}
      >
        <Input.TextArea rows={3} maxLength={255} showCount placeholder="请输入处罚原因" />
      </Form.Item>
      <Form.Item name="remark" label="处罚备注" extra="仅管理员可见" rules={[{ max: 255, message: '处罚备注最多255个字符' }]}>
        <Input.TextArea rows={3} maxLength={255} showCount placeholder="请输入处罚备注" />
      </Form.Item>
    </DrawerForm>
  );
}
