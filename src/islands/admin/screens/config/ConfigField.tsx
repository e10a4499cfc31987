/** One config item as a form control chosen by its input_type. */
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import type { ConfigItem } from '../../../../api/types.ts';
import { uploadConfig } from '../../../../api/generated/upload.ts';
import { ImageUpload } from '../../components/ImageUpload.tsx';
import { configTestId, parseOptions } from './configValues.ts';

function control(item: ConfigItem): ReactNode {
  const testId = configTestId(item);
  const placeholder = item.placeholder || `请输入${item.label}`;
  switch (item.input_type) {
    case 'textarea':
      return <Input.TextArea rows={4} placeholder={placeholder} data-testid={testId} />;
    case 'number':
      return <InputNumber min={0} style={{ width: '100%' }} placeholder={placeholder} data-testid={testId} />;
    case 'switch':
      return <Switch data-testid={testId} />;
    case 'select':
      return <Select allowClear placeholder={placeholder} options={parseOptions(item.options)} data-testid={testId} />;
    case 'select-multi':
      return (
        <Select mode="multiple" allowClear placeholder={placeholder} options={parseOptions(item.options)} data-testid={testId} />
      );
    case 'password':
      // '******' stands for the stored secret and keeps it unless replaced
      return <Input.Password autoComplete="new-password" placeholder={placeholder} data-testid={testId} />;
    case 'image':
      return <ImageUpload testId={testId} upload={uploadConfig} />;
    default:
      return <Input placeholder={placeholder} data-testid={testId} />;
  }
}

export function ConfigField({ item }: { item: ConfigItem }) {
  return (
    <Form.Item
      name={item.name}
      label={item.label || item.name}
      extra={item.placeholder || undefined}
      valuePropName={item.input_type === 'switch' ? 'checked' : 'value'}
    >
      {control(item)}
    </Form.Item>
  );
}
