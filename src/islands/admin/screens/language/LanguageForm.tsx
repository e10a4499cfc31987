/** 新增 / 编辑语言 drawer → POST or PUT /language (the code cannot change once created). */
import { Form, Input } from 'antd';
import { call } from '../../../../api/call.ts';
import { languageCreate, languageUpdate } from '../../../../api/generated/language.ts';
import type { Language } from '../../../../api/types.ts';
import { EnableItem, sortEnable, SortItem, valuesOf } from '../../components/formItems.tsx';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { requiredText } from '../../../common/formRules.ts';

interface Values {
  language: string;
  code: string;
  sort: number;
  enable: boolean;
}

export function LanguageForm(props: EditDrawerProps<Language>) {
  const { value } = props;
  const initial: Values = { ...valuesOf(value, { language: '', code: '' }), ...sortEnable.of(value) };
  const saver = useSaveForm<Values>({ ...props, initialValues: initial });

  const submit = () =>
    saver.save((v) => {
      const body = { language: v.language.trim(), ...sortEnable.body(v) };
      const code = value ? '' : v.code.trim();
      return () => (value ? call(languageUpdate, { ...body, id: value.id }) : call(languageCreate, { ...body, code }));
    });

  return (
    <DrawerForm {...saver.drawer} title={value ? '编辑语言' : '新增语言'} onSubmit={submit} testId="language-drawer">
      <Form.Item name="language" label="语言名称" rules={requiredText('请输入语言名称')}>
        <Input maxLength={64} placeholder="如：中文(简体)" data-testid="language-name" />
      </Form.Item>
      <Form.Item
        name="code"
        label="语言代码"
        extra={value ? '语言代码创建后不可修改' : '建议使用 ISO 语言代码，如 zh-CN、en'}
        rules={requiredText('请输入语言代码')}
      >
        <Input maxLength={16} disabled={Boolean(value)} placeholder="如：zh-CN" data-testid="language-code" />
      </Form.Item>
      <SortItem min={0} />
      <EnableItem />
    </DrawerForm>
  );
}
