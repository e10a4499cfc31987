/** Filter card of a recycle bin: keyword, 恢复选中, 删除选中 (for good), 清空回收站. */
import { ClearOutlined, DeleteOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useFilters } from '../hooks/useFilters.ts';
import type { UrlQuery } from '../hooks/useUrlQuery.ts';
import { SearchBar } from './ListToolbar.tsx';

export interface RecycleToolbarProps {
  q: UrlQuery;
  /** How many rows are selected; 恢复选中/删除选中 are disabled at 0. */
  selected: number;
  onRestore: () => void;
  onPurge: () => void;
  onEmpty: () => void;
  emptyDisabled?: boolean;
  emptyTestId: string;
}

export function RecycleToolbar(props: RecycleToolbarProps) {
  const { q, selected, onRestore, onPurge, onEmpty, emptyDisabled, emptyTestId } = props;
  const f = useFilters(q, () => ({ wd: q.str('wd') }));
  return (
    <SearchBar
      filters={f}
      keyword="标题、关键字或摘要"
      keywordWidth={240}
      actions={
        <>
          <Button icon={<RollbackOutlined />} disabled={!selected} onClick={onRestore}>
            恢复选中
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={!selected} onClick={onPurge}>
            删除选中
          </Button>
          <Button danger icon={<ClearOutlined />} disabled={emptyDisabled} onClick={onEmpty} data-testid={emptyTestId}>
            清空回收站
          </Button>
        </>
      }
    />
  );
}
