/** A tree select (categories, navigation) opened fully expanded and searchable by node title. */
import { TreeSelect } from 'antd';
import type { TreeSelectProps } from 'antd';

export function ExpandedTreeSelect<V>(props: TreeSelectProps<V>) {
  return <TreeSelect<V> showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll {...props} />;
}
