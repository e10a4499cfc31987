/** 文档列表 search card: filters mirrored in the URL and the batch buttons (screens §8.3). */
import { DeleteOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { ExpandedTreeSelect } from '../../../common/ExpandedTreeSelect.tsx';
import { CHECK_ACTIONS } from './checkActions.ts';
import type { RecommendType } from './checkActions.ts';
import type { Language } from '../../../../api/types.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import type { UrlQuery } from '../../hooks/useUrlQuery.ts';
import { languageOptions } from './common/useDocOptions.ts';
import type { TreeOption } from './common/useDocOptions.ts';
import { statusList } from './common/status.tsx';
import { DOCUMENT_STATUS_LABELS } from '../../../../domain/status.ts';
import { BatchMenu, FilterSelect, OnOffMenu, SearchBar, StatusSelect } from '../../components/ListToolbar.tsx';
import { UPLOAD_PATH } from '../../../../domain/urls.ts';

export interface DocumentBatch {
  onDelete: () => void;
  onReconvert: () => void;
  onCheck: (status: number) => void;
  onCategory: () => void;
  onRecommend: (type: RecommendType) => void;
  onLanguage: () => void;
  /** 批量VIP, offered while VIP is on */
  onVip?: () => void;
}

const RECOMMEND_OPTIONS = [
  { value: 'true', label: '已推荐' },
  { value: 'false', label: '未推荐' },
];
const CHECK_ITEMS = CHECK_ACTIONS.map((a) => ({
  key: String(a.status),
  label: a.label,
  ...(a.status === 0 ? { 'data-testid': 'admin-doc-approve' } : {}),
}));

export function DocumentFilters(props: {
  q: UrlQuery;
  categories: TreeOption[];
  languages: readonly Language[];
  selected: number;
  batch: DocumentBatch;
}) {
  const { q, categories, languages, selected, batch } = props;
  const f = useFilters(q, () => ({
    wd: q.str('wd'),
    status: statusList(q.list('status')),
    language: q.list('language'),
    is_recommend: q.list('is_recommend').filter((v) => v === 'true' || v === 'false'),
    category_id: q.ids('category_id')[0],
  }));
  const none = selected === 0;

  return (
    <SearchBar
      filters={f}
      keyword="标题、关键字或摘要"
      searchTestId="filter-search"
      actions={
        <>
          <Button icon={<PlusOutlined />} href={UPLOAD_PATH} target="_blank">
            新增
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={none} onClick={batch.onDelete} data-testid="admin-doc-batch-delete">
            批量删除
          </Button>
          <Button icon={<SyncOutlined />} onClick={batch.onReconvert}>
            失败重转
          </Button>
          <BatchMenu
            label="批量审批"
            items={CHECK_ITEMS}
            onPick={(key) => batch.onCheck(Number(key))}
            disabled={none}
            testId="admin-doc-check"
          />
          <Button disabled={none} onClick={batch.onCategory}>
            批量分类
          </Button>
          <OnOffMenu
            label="批量推荐"
            on="设为推荐"
            off="取消推荐"
            onPick={(on) => batch.onRecommend(on ? 1 : 0)}
            disabled={none}
          />
          <Button disabled={none} onClick={batch.onLanguage}>
            批量语言
          </Button>
          {batch.onVip && (
            <Button disabled={none} onClick={batch.onVip} data-testid="admin-doc-batch-vip-open">
              批量VIP
            </Button>
          )}
        </>
      }
    >
      <StatusSelect labels={DOCUMENT_STATUS_LABELS} {...f.bind('status')} />
      <FilterSelect placeholder="语言" options={languageOptions(languages)} {...f.bind('language')} />
      <FilterSelect placeholder="推荐" options={RECOMMEND_OPTIONS} {...f.bind('is_recommend')} minWidth={120} />
      <ExpandedTreeSelect
        allowClear
        placeholder="分类"
        aria-label="分类"
        treeData={categories}
        {...f.bind('category_id')}
        style={{ width: 180 }}
      />
    </SearchBar>
  );
}
