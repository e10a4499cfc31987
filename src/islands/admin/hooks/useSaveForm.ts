/**
 * A drawer form that saves: validates, sends, reports success or the server's message, then
 * calls `onSaved`. By default the messages are 编辑/新增 成功 (or 失败) as `value` tells;
 * screens that review or handle a record pass their own (保存成功, 处理成功…). `drawer` is what
 * `DrawerForm` needs: `<DrawerForm {...saver.drawer} title=… testId=… onSubmit=…>`.
 */
import { Form } from 'antd';
import type { Key } from 'react';
import type { ApiResult } from '../../../api/http.ts';
import { useAct } from '../../common/useAct.ts';
import { useBusy } from '../../common/useBusy.ts';

/** What a list hands its create/edit drawer (`useEditDrawer(…).props`): `value` null creates. */
export interface EditDrawerProps<T> {
  open: boolean;
  value: T | null;
  onClose: () => void;
  onSaved: () => void;
}

export interface SaveTexts {
  ok: string;
  fail: string;
}

export const SAVE_TEXTS: SaveTexts = { ok: '保存成功', fail: '保存失败' };

export interface SaveFormOptions<V> {
  /** The edited record (EditDrawerProps' `value`), null when creating: picks the messages and gives each record fresh values. */
  value?: { id: number } | null;
  onSaved: () => void;
  texts?: SaveTexts;
  initialValues?: Partial<V>;
  /** The drawer's state, handed on to DrawerForm. */
  open?: boolean;
  onClose?: () => void;
}

const nothing = (): void => {};

export function useSaveForm<V>({ value, onSaved, texts, initialValues, open = false, onClose = nothing }: SaveFormOptions<V>) {
  const act = useAct();
  const [form] = Form.useForm<V>();
  const [saving, whileSaving] = useBusy();
  const { ok, fail } = texts ?? (value ? { ok: '编辑成功', fail: '编辑失败' } : { ok: '新增成功', fail: '新增失败' });

  /**
   * `prepare` turns the validated values into the request to send (built before saving starts),
   * or null when there is nothing to send.
   */
  const save = async (prepare: (v: V) => (() => Promise<ApiResult<unknown>>) | null) => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const send = prepare(v);
    if (!send) return;
    if (await whileSaving(act(send(), ok, fail))) onSaved();
  };

  const formKey: Key = value?.id ?? 'new';
  return { form, saving, save, drawer: { open, onClose, form, saving, formKey, initialValues: initialValues ?? {} } };
}
