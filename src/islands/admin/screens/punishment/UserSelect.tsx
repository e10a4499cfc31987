/** Multi-select of users searched on the server by username (GET /user/list?wd=). */
import { App, Select, Spin } from 'antd';
import type { CSSProperties } from 'react';
import { useEffect, useRef, useState } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import { call } from '../../../../api/call.ts';
import { userAdminList } from '../../../../api/generated/user-admin.ts';

const SEARCH_DELAY = 300;
const ROOT_ID = 1;

export interface UserSelectProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  placeholder?: string;
  /** the super administrator cannot be picked (he is never punished) */
  excludeRoot?: boolean;
  style?: CSSProperties;
  testId?: string;
}

export function UserSelect(props: UserSelectProps) {
  const { value = [], onChange, placeholder = '搜索用户名', excludeRoot, style, testId } = props;
  const { message } = App.useApp();
  const names = useRef(new Map<number, string>());
  const [found, setFound] = useState<number[]>([]);
  const [searching, setSearching] = useState(false);
  const [, setKnown] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);
  const key = value.join(',');

  // names of chosen ids the select has not seen (ids from the URL on reload)
  useEffect(() => {
    const missing = value.filter((id) => !names.current.has(id));
    if (!missing.length) return;
    void call(userAdminList, { id: missing, size: Math.max(10, missing.length) }).then((r) => {
      if (!isOk(r)) return;
      for (const u of r.data.user) names.current.set(u.id, u.username);
      setKnown((n) => n + 1);
    });
  }, [key]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (text: string) => {
    clearTimeout(timer.current);
    const wd = text.trim();
    if (!wd) {
      setFound([]);
      return;
    }
    timer.current = setTimeout(async () => {
      const mine = ++seq.current;
      setSearching(true);
      const r = await call(userAdminList, { wd, page: 1, size: 10 });
      if (mine !== seq.current) return;
      setSearching(false);
      if (!isOk(r)) {
        message.error(messageOf(r, '搜索用户失败'));
        return;
      }
      for (const u of r.data.user) names.current.set(u.id, u.username);
      setFound(r.data.user.map((u) => u.id));
    }, SEARCH_DELAY);
  };

  const options = [...new Set([...value, ...found])].map((id) => ({
    value: id,
    label: names.current.get(id) ?? `#${id}`,
    disabled: Boolean(excludeRoot && id === ROOT_ID),
  }));

  return (
    <Select
      mode="multiple"
      allowClear
      placeholder={placeholder}
      value={value}
      onChange={(ids: number[]) => onChange?.(ids)}
      showSearch={{ filterOption: false, onSearch: search }}
      notFoundContent={searching ? <Spin size="small" /> : '输入用户名搜索'}
      options={options}
      style={style}
      maxTagCount="responsive"
      data-testid={testId}
    />
  );
}
