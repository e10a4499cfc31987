/** 数据统计: counters from GET /stats. */
import { Card, Col, Row, Statistic } from 'antd';
import type { Stats } from '../../../../api/types.ts';

const ITEMS: { key: keyof Stats; label: string }[] = [
  { key: 'document_count', label: '文档' },
  { key: 'user_count', label: '用户' },
  { key: 'article_count', label: '文章' },
  { key: 'category_count', label: '分类' },
  { key: 'comment_count', label: '评论' },
  { key: 'report_count', label: '举报' },
  { key: 'friendlink_count', label: '友链' },
  { key: 'banner_count', label: '轮播图' },
];

export function StatsCard({ stats, loading }: { stats: Stats | null; loading: boolean }) {
  return (
    <Card title="数据统计" loading={loading} style={{ height: '100%' }}>
      <Row gutter={[16, 24]}>
        {ITEMS.map((item) => (
          <Col key={item.key} xs={12} sm={6}>
            <Statistic title={item.label} value={Number(stats?.[item.key] ?? 0)} data-testid={`stats-${item.key}`} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
