/** 新增 / 编辑友链 drawer: POST /friendlink or PUT /friendlink with the whole row. */
import { Form, Input } from 'antd';
import type { Friendlink } from '../../../../contract/friendlink.ts';
import { call } from '../../../../api/call.ts';
import { friendlinkCreate, friendlinkUpdate } from '../../../../api/generated/friendlink.ts';
import { isHttpUrl } from '../../../../domain/rules.ts';
import { DescriptionItem, EnableItem, sortEnable, SortItem, TitleItem, valuesOf } from '../../components/formItems.tsx';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { givenMustPass } from '../../../common/formRules.ts';

type FriendlinkFields = Omit<Friendlink, 'id' | 'created_at' | 'updated_at'>;

export function FriendlinkForm(props: EditDrawerProps<Friendlink>) {
  const { value } = props;

  const initial: FriendlinkFields = { ...valuesOf(value, { title: '', link: '', description: '' }), ...sortEnable.of(value) };
  const saver = useSaveForm<FriendlinkFields>({ ...props, initialValues: initial });

  const submit = () =>
    saver.save((v) => {
      const body: FriendlinkFields = {
        title: v.title.trim(),
        link: v.link.trim(),
        ...sortEnable.body(v),
        description: v.description ?? '',
      };
      return () => (value ? call(friendlinkUpdate, { ...body, id: value.id }) : call(friendlinkCreate, body));
    });

  return (
    <DrawerForm {...saver.drawer} title={value ? '编辑友链' : '新增友链'} onSubmit={submit} testId="friendlink-drawer">
      <TitleItem noun="友链" testId="friendlink-title" />
      <Form.Item
        name="link"
        label="地址"
        extra="如 https://mnt.ltd"
        rules={[
          { required: true, whitespace: true, message: '请输入友链地址' },
          givenMustPass(isHttpUrl, '请输入以 http:// 或 https:// 开头的地址'),
        ]}
      >
        <Input placeholder="https://" maxLength={255} data-testid="friendlink-link" />
      </Form.Item>
      <SortItem />
      <EnableItem />
      <DescriptionItem />
    </DrawerForm>
  );
}
