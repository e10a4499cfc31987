/** 新增 / 编辑用户组 drawer. Create is followed by an update so that every flag is stored. */
import { Col, ColorPicker, Form, Row, Switch } from 'antd';
import { isOk } from '../../../../api/http.ts';
import type { Group } from '../../../../api/types.ts';
import { DescriptionItem, SortItem, TitleItem, valuesOf } from '../../components/formItems.tsx';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { colorValue } from '../navigation/NavigationForm.tsx';
import { call } from '../../../../api/call.ts';
import { groupCreate, groupUpdate } from '../../../../api/generated/group.ts';
import type { GroupInput } from '../../../../contract/group.ts';

type Values = Required<GroupInput>;

type Flag = Exclude<keyof Values, 'title' | 'color' | 'sort' | 'description'>;

/** The group's switches in form order, each with the state a new group starts in. */
const FLAGS: Record<Flag, { label: string; extra?: string; on: boolean }> = {
  is_default: { label: '是否为默认用户组', extra: '新注册用户将加入默认用户组，只能有一个默认组', on: false },
  is_display: { label: '是否显示', extra: '在用户名后展示用户组标识', on: false },
  enable_upload: { label: '允许上传文档', on: false },
  enable_document_review: { label: '文档需要审核', on: false },
  enable_comment: { label: '是否允许评论', on: true },
  enable_comment_approval: { label: '评论需要审核', on: false },
  enable_article: { label: '允许发布文章', on: true },
  enable_article_approval: { label: '文章需要审核', on: false },
};
const FLAG_NAMES = Object.keys(FLAGS) as Flag[];

/** A new group's values. */
const DEFAULTS: Values = {
  title: '',
  color: '',
  sort: 0,
  description: '',
  ...(Object.fromEntries(FLAG_NAMES.map((name) => [name, FLAGS[name].on])) as Record<Flag, boolean>),
};

const initialOf = (g: Group | null): Values => valuesOf(g, DEFAULTS);

/** moredoc's create ignores the enable_* flags: store them with an update right after. */
async function createWithFlags(body: Values) {
  const created = await call(groupCreate, body);
  return isOk(created) ? call(groupUpdate, { ...body, id: created.data.id }) : created;
}

export function GroupForm(props: EditDrawerProps<Group>) {
  const { value: group } = props;
  const saver = useSaveForm<Values>({ ...props, initialValues: initialOf(group) });
  const submit = () =>
    saver.save((v) => {
      const body: Values = { ...initialOf(group), ...v, title: v.title.trim(), color: v.color ?? '', sort: v.sort ?? 0 };
      return () => (group ? call(groupUpdate, { ...body, id: group.id }) : createWithFlags(body));
    });

  return (
    <DrawerForm {...saver.drawer} title={group ? '编辑用户组' : '新增用户组'} onSubmit={submit} testId="group-drawer">
      <TitleItem noun="用户组" testId="group-title" />
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="color" label="颜色" getValueFromEvent={colorValue}>
            <ColorPicker allowClear showText format="hex" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <SortItem min={0} />
        </Col>
        {FLAG_NAMES.map((name) => (
          <Col key={name} xs={24} sm={12}>
            <Form.Item name={name} label={FLAGS[name].label} extra={FLAGS[name].extra} valuePropName="checked">
              <Switch data-testid={`group-${name}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <DescriptionItem placeholder="请输入用户组描述" />
    </DrawerForm>
  );
}
