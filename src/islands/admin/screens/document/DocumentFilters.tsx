/** 文档列表 search card: filters mirrored in the URL and the batch buttons (screens §8.3). */
import { DeleteOutlined, DownOutlined, PlusOutlined, SearchOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Input, Space, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { CHECK_ACTIONS } from '../../../../api/admin-documents.ts';
import type { RecommendType } from '../../../../api/admin-documents.ts';
import type { Language } from '../../../../api/types.ts';
import type { UrlQuery } from '../../hooks/useUrlQuery.ts';
import { languageOptions } from './common/useDocOptions.ts';
import type { TreeOption } from './common/useDocOptions.ts';
import { STATUS_OPTIONS, statusList } from './common/status.tsx';
import { FilterSelect } from '../../components/ListToolbar.tsx';

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

export function DocumentFilters(props: {
  q: UrlQuery;
  categories: TreeOption[];
  languages: readonly Language[];
  selected: number;
  batch: DocumentBatch;
}) {
  const { q, categories, languages, selected, batch } = props;
  const [wd, setWd] = useState('');
  const [status, setStatus] = useState<number[]>([]);
  const [language, setLanguage] = useState<string[]>([]);
  const [recommend, setRecommend] = useState<string[]>([]);
  const [category, setCategory] = useState<number | undefined>();

  useEffect(() => {
    setWd(q.str('wd'));
    setStatus(statusList(q.list('status')));
    setLanguage(q.list('language'));
    setRecommend(q.list('is_recommend').filter((v) => v === 'true' || v === 'false'));
    setCategory(q.ids('category_id')[0]);
  }, [q.key]);

  const search = () =>
    q.update({ wd: wd.trim(), status: status.map(String), language, is_recommend: recommend, category_id: category, page: 1 });
  const none = selected === 0;

  return (
    <Card size="small">
      <Space wrap>
        <Input
          allowClear
          placeholder="标题、关键字或摘要"
          value={wd}
          onChange={(e) => setWd(e.target.value)}
          onPressEnter={search}
          style={{ width: 220 }}
          data-testid="filter-wd"
        />
        <FilterSelect
          placeholder="状态"
          options={STATUS_OPTIONS}
          value={status}
          onChange={setStatus}
          minWidth={160}
          testId="filter-status"
        />
        <FilterSelect placeholder="语言" options={languageOptions(languages)} value={language} onChange={setLanguage} />
        <FilterSelect placeholder="推荐" options={RECOMMEND_OPTIONS} value={recommend} onChange={setRecommend} minWidth={120} />
        <TreeSelect
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder="分类"
          treeData={categories}
          value={category}
          onChange={(v?: number) => setCategory(v)}
          treeDefaultExpandAll
          style={{ width: 180 }}
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="filter-search">
          查询
        </Button>
        <Button icon={<PlusOutlined />} href="/upload" target="_blank">
          新增
        </Button>
        <Button danger icon={<DeleteOutlined />} disabled={none} onClick={batch.onDelete} data-testid="admin-doc-batch-delete">
          批量删除
        </Button>
        <Button icon={<SyncOutlined />} onClick={batch.onReconvert}>
          失败重转
        </Button>
        <Dropdown
          disabled={none}
          menu={{
            items: CHECK_ACTIONS.map((a) => ({
              key: String(a.status),
              label: a.label,
              ...(a.status === 0 ? { 'data-testid': 'admin-doc-approve' } : {}),
            })),
            onClick: ({ key }) => batch.onCheck(Number(key)),
          }}
        >
          <Button data-testid="admin-doc-check">
            批量审批 <DownOutlined />
          </Button>
        </Dropdown>
        <Button disabled={none} onClick={batch.onCategory}>
          批量分类
        </Button>
        <Dropdown
          disabled={none}
          menu={{
            items: [
              { key: '1', label: '设为推荐' },
              { key: '0', label: '取消推荐' },
            ],
            onClick: ({ key }) => batch.onRecommend(key === '1' ? 1 : 0),
          }}
        >
          <Button>
            批量推荐 <DownOutlined />
          </Button>
        </Dropdown>
        <Button disabled={none} onClick={batch.onLanguage}>
          批量语言
        </Button>
        {batch.onVip && (
          <Button disabled={none} onClick={batch.onVip} data-testid="admin-doc-batch-vip-open">
            批量VIP
          </Button>
        )}
      </Space>
    </Card>
  );
}
