/** "温馨提示" confirm dialogs for destructive actions (screens §8.1); `danger` false for harmless ones (启用). */
import { App } from 'antd';
import type { ReactNode } from 'react';
import { useCallback } from 'react';

export function useConfirm() {
  const { modal } = App.useApp();
  return useCallback(
    (content: ReactNode, onOk: () => Promise<unknown>, okText = '确定', danger = true) =>
      modal.confirm({
        title: '温馨提示',
        content,
        okText,
        okButtonProps: { danger },
        cancelText: '取消',
        onOk,
      }),
    [modal],
  );
}
