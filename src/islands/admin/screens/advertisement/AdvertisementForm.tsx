/** 新增 / 编辑广告 drawer: POST /advertisement or PUT /advertisement with the whole row. */
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { call } from '../../../../api/call.ts';
import { advertisementCreate, advertisementUpdate } from '../../../../api/generated/advertisement.ts';
import type { Advertisement } from '../../../../contract/advertisement.ts';
import { AD_POSITION_GROUPS } from '../../../../domain/ad-positions.ts';
import { EnableItem } from '../../components/formItems.tsx';
import { DrawerForm, DrawerNote } from '../../components/FormDrawer.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { requiredField, requiredText } from '../../../common/formRules.ts';

/** The slots of spec §3, grouped by page. */
export const POSITION_OPTIONS = AD_POSITION_GROUPS.map((g) => ({
  label: g.label,
  title: g.label,
  options: g.slots.map(([value, label]) => ({ value, label: `${label}（${value}）` })),
}));

interface Values {
  position?: string;
  title: string;
  enable: boolean;
  start_time: Dayjs | null;
  end_time: Dayjs | null;
  content: string;
  remark: string;
}

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function AdvertisementForm(props: EditDrawerProps<Advertisement>) {
  const { value } = props;

  const initial: Values = {
    position: value?.position || undefined,
    title: value?.title ?? '',
    enable: value ? value.enable : true,
    start_time: value?.start_time ? dayjs(value.start_time) : null,
    end_time: value?.end_time ? dayjs(value.end_time) : null,
    content: value?.content ?? '',
    remark: value?.remark ?? '',
  };
  const saver = useSaveForm<Values>({ ...props, initialValues: initial });

  const submit = () =>
    saver.save((v) => {
      const body = {
        position: v.position ?? '',
        title: (v.title ?? '').trim(),
        enable: Boolean(v.enable),
        start_time: v.start_time ? v.start_time.toISOString() : null,
        end_time: v.end_time ? v.end_time.toISOString() : null,
        content: v.content.trim(),
        remark: v.remark ?? '',
      };
      return () => (value ? call(advertisementUpdate, { ...body, id: value.id }) : call(advertisementCreate, body));
    });

  return (
    <DrawerForm {...saver.drawer} title={value ? '编辑广告' : '新增广告'} onSubmit={submit} testId="advertisement-drawer">
      <Form.Item name="position" label="广告位" rules={requiredField('请选择广告位')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="请选择广告位"
          options={POSITION_OPTIONS}
          data-testid="ad-position"
        />
      </Form.Item>
      <Form.Item name="title" label="名称" rules={[{ max: 255, message: '广告名称最多255个字符' }]}>
        <Input placeholder="请输入广告名称" maxLength={255} data-testid="ad-title" />
      </Form.Item>
      <EnableItem />
      <Form.Item name="start_time" label="开始时间" extra="留空表示立即开始">
        <DatePicker showTime format={TIME_FORMAT} allowClear style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="end_time"
        label="结束时间"
        extra="留空表示不限结束时间"
        dependencies={['start_time']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, end: Dayjs | null) => {
              const start = getFieldValue('start_time') as Dayjs | null;
              if (start && end && end.isBefore(start)) throw new Error('结束时间不能早于开始时间');
            },
          }),
        ]}
      >
        <DatePicker showTime format={TIME_FORMAT} allowClear style={{ width: '100%' }} />
      </Form.Item>
      <DrawerNote title="广告代码会原样输出到页面的广告位中（可包含广告联盟的脚本），不做任何过滤，请只填写可信的代码。" />
      <Form.Item name="content" label="广告代码" rules={requiredText('请输入广告代码', 65535, '广告代码太长')}>
        <Input.TextArea
          rows={8}
          placeholder="请输入广告的 HTML 代码"
          style={{ fontFamily: 'monospace' }}
          data-testid="ad-content"
        />
      </Form.Item>
      <Form.Item name="remark" label="广告备注" extra="仅管理员可见" rules={[{ max: 255, message: '备注最多255个字符' }]}>
        <Input.TextArea rows={2} maxLength={255} showCount placeholder="请输入广告备注" />
      </Form.Item>
    </DrawerForm>
  );
}
