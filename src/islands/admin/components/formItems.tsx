/** Form fields repeated across the admin create/edit drawers. */
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { requiredField, requiredText } from '../../common/formRules.ts';
import { ExpandedTreeSelect } from '../../common/ExpandedTreeSelect.tsx';
import type { Language } from '../../../api/types.ts';
import { ROW_TITLE_MAX } from '../../../domain/text-limits.ts';
import { languageOptions } from '../screens/document/common/useDocOptions.ts';
import type { TreeOption } from '../screens/document/common/useDocOptions.ts';

/** The type a default value stands for: `false` for any boolean, `''` for any string, `0` for any number. */
type Widened<T> = T extends boolean ? boolean : T extends string ? string : T extends number ? number : T;

/**
 * A drawer form's starting values: each field of `defaults` as `record` has it, or the default
 * where the record is missing (新增) or leaves that field null/undefined.
 */
export function valuesOf<V extends object>(
  record: NoInfer<{ [K in keyof V]?: Widened<V[K]> | null }> | null | undefined,
  defaults: V,
): { [K in keyof V]: Widened<V[K]> } {
  const values: Partial<Record<keyof V, unknown>> = {};
  for (const key of Object.keys(defaults) as (keyof V)[]) values[key] = record?.[key] ?? defaults[key];
  return values as { [K in keyof V]: Widened<V[K]> };
}

/** 排序 and 是否启用 of a row: `of(row)` the form values (a new row starts at 0, enabled), `body(v)` as a request sends them. */
export const sortEnable = {
  of: (row: { sort: number; enable: boolean } | null) => ({ sort: row?.sort ?? 0, enable: row ? row.enable : true }),
  body: (v: { sort?: number | null; enable?: boolean }) => ({ sort: v.sort ?? 0, enable: Boolean(v.enable) }),
};

/** 名称 of a row, required, as the contract checks it: `noun` names the row (请输入友链名称, 友链名称最多64个字符). */
export function TitleItem({ noun, testId }: { noun: string; testId: string }) {
  const prompt = `请输入${noun}名称`;
  return (
    <Form.Item name="title" label="名称" rules={requiredText(prompt, ROW_TITLE_MAX, `${noun}名称最多${ROW_TITLE_MAX}个字符`)}>
      <Input maxLength={ROW_TITLE_MAX} placeholder={prompt} data-testid={testId} />
    </Form.Item>
  );
}

/** 排序 (数值越大越靠前); `min` where negatives are not allowed. */
export function SortItem({ min }: { min?: number }) {
  return (
    <Form.Item name="sort" label="排序" extra="数值越大越靠前">
      <InputNumber min={min} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** 是否启用 switch bound to `enable`. */
export function EnableItem() {
  return (
    <Form.Item name="enable" label="是否启用" valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}

/** 描述, up to 255 characters. */
export function DescriptionItem({ placeholder = '请输入描述' }: { placeholder?: string }) {
  return (
    <Form.Item name="description" label="描述" rules={[{ max: 255, message: '描述最多255个字符' }]}>
      <Input.TextArea rows={3} maxLength={255} showCount placeholder={placeholder} />
    </Form.Item>
  );
}

/** 上级… tree select bound to `parent_id`; empty means a top-level node. */
export function ParentItem({ label, placeholder, options }: { label: string; placeholder: string; options: TreeOption[] }) {
  return (
    <Form.Item name="parent_id" label={label}>
      <ExpandedTreeSelect allowClear treeData={options} placeholder={placeholder} />
    </Form.Item>
  );
}

/** The document category (one, required) bound to `category`. */
export function DocumentCategoryItem({ label, options }: { label: string; options: TreeOption[] }) {
  return (
    <Form.Item name="category" label={label} rules={requiredField('请选择文档分类')}>
      <ExpandedTreeSelect treeData={options} placeholder="请选择文档分类" />
    </Form.Item>
  );
}

/** A language bound to `language`; `required` for batch changes. */
export function LanguageItem({ languages, required = false }: { languages: readonly Language[]; required?: boolean }) {
  return (
    <Form.Item name="language" label="语言" rules={required ? requiredField('请选择语言') : []}>
      <Select
        allowClear={!required}
        showSearch={{ optionFilterProp: 'label' }}
        options={languageOptions(languages)}
        placeholder={required ? '请选择语言' : '请选择文档语言'}
      />
    </Form.Item>
  );
}
