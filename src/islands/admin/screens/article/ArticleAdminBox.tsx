/** The admin box of the article form: identifier (create only), review status, recommendation. */
import { Button, Card, Form, Input, Radio, Switch } from 'antd';
import { IDENTIFIER_PATTERN } from '../../../../domain/rules.ts';
import { REVIEW_STATUS } from '../../../../domain/status.ts';
import { requiredText } from '../../../common/formRules.ts';

export interface AdminBoxValues {
  identifier: string;
  status: number;
  reject_reason: string;
  is_recommend: boolean;
}

const CREATE_STATUSES = [
  { value: 0, label: '待审核' },
  { value: 1, label: '审核通过' },
];
const EDIT_STATUSES = [...CREATE_STATUSES, { value: 2, label: '审核拒绝' }];

export function ArticleAdminBox(props: { creating: boolean; saving: boolean; onSave: () => void }) {
  const { creating, saving, onSave } = props;
  return (
    <Card size="small" title="管理">
      <Form.Item
        name="identifier"
        label="标识"
        extra={creating ? '文章网址中的标识：小写字母、数字、中划线或下划线，2到64个字符；留空自动生成' : '标识创建后不可修改'}
        rules={
          creating
            ? [{ pattern: IDENTIFIER_PATTERN, message: '标识只能由小写字母、数字、中划线和下划线组成，长度2到64个字符' }]
            : []
        }
      >
        <Input placeholder="如 about" disabled={!creating} data-testid="article-identifier" />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Radio.Group options={creating ? CREATE_STATUSES : EDIT_STATUSES} data-testid="article-status" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a: { status?: number }, b: { status?: number }) => a.status !== b.status}>
        {({ getFieldValue }) =>
          getFieldValue('status') === REVIEW_STATUS.rejected && (
            <Form.Item name="reject_reason" label="拒绝原因" rules={requiredText('请填写拒绝原因', 255, '拒绝原因最多255个字符')}>
              <Input.TextArea rows={2} maxLength={255} placeholder="拒绝原因会展示给作者" />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item name="is_recommend" label="推荐" valuePropName="checked">
        <Switch checkedChildren="是" unCheckedChildren="否" data-testid="article-recommend" />
      </Form.Item>
      <Button type="primary" block loading={saving} onClick={onSave} data-testid="article-save">
        保存
      </Button>
    </Card>
  );
}
