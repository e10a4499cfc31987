/** Right drawer for create/edit forms (50 % wide, 90 % on narrow screens) with 取消/提交 in the footer. */
import { Alert, Button, Drawer, Form, Space } from 'antd';
import type { FormInstance } from 'antd';
import type { Key, ReactNode } from 'react';

export function drawerSize(): string {
  return typeof window !== 'undefined' && window.innerWidth < 768 ? '90%' : '50%';
}

export interface FormDrawerProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit?: () => void;
  submitting?: boolean;
  submitText?: string;
  submitDisabled?: boolean;
  danger?: boolean;
  testId?: string;
  children: ReactNode;
}

export function FormDrawer(props: FormDrawerProps) {
  const { open, title, onClose, onSubmit, submitting, submitText = '提交', submitDisabled, danger, testId, children } = props;
  return (
    <Drawer
      open={open}
      title={title}
      placement="right"
      size={drawerSize()}
      onClose={onClose}
      destroyOnHidden
      data-testid={testId}
      footer={
        onSubmit && (
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>取消</Button>
            <Button
              type="primary"
              danger={danger}
              loading={submitting}
              disabled={submitDisabled}
              onClick={onSubmit}
              data-testid="drawer-submit"
            >
              {submitText}
            </Button>
          </Space>
        )
      }
    >
      {children}
    </Drawer>
  );
}

export interface DrawerFormProps<V> extends Omit<FormDrawerProps, 'submitting'> {
  /** from useSaveForm */
  form: FormInstance<V>;
  saving: boolean;
  /** the edited record's key: a different record starts from fresh values */
  formKey: Key;
  initialValues: Partial<V>;
}

/** A FormDrawer holding one vertical form that drops its values when it closes. */
export function DrawerForm<V>({ form, saving, formKey, initialValues, children, ...drawer }: DrawerFormProps<V>) {
  return (
    <FormDrawer {...drawer} submitting={saving}>
      <Form key={formKey} form={form} layout="vertical" initialValues={initialValues} clearOnDestroy>
        {children}
      </Form>
    </FormDrawer>
  );
}

/** A note above a drawer's fields: a warning unless `type` says it only informs. */
export function DrawerNote(props: { title: ReactNode; description?: ReactNode; type?: 'warning' | 'info' }) {
  const { title, description, type = 'warning' } = props;
  return <Alert type={type} showIcon style={{ marginBottom: 16 }} title={title} description={description} />;
}
