/**
 * A create/edit drawer form: validates, sends, reports 新增/编辑 成功 or the server's message,
 * then calls `onSaved`. `editing` tells which of the two it is.
 */
import { App, Form } from 'antd';
import { useState } from 'react';
import { isOk, messageOf } from '../../../api/http.ts';
import type { ApiResult } from '../../../api/http.ts';

export function useSaveForm<V>(editing: boolean, onSaved: () => void) {
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);

  /** `prepare` turns the validated values into the request to send (built before saving starts). */
  const save = async (prepare: (v: V) => () => Promise<ApiResult<unknown>>) => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const send = prepare(v);
    setSaving(true);
    const r = await send();
    setSaving(false);
    if (!isOk(r)) {
      message.error(messageOf(r, editing ? '编辑失败' : '新增失败'));
      return;
    }
    message.success(editing ? '编辑成功' : '新增成功');
    onSaved();
  };

  return { form, saving, save };
}
