/** 数据统计: counters from GET /stats. */
import { Card, Col, Row, Statistic } from 'antd';
import type { Stats } from '../../../../api/types.ts';

/** The counters shown, in this order, with their labels. */
const LABELS: Partial<Record<keyof Stats, string>> = {
  document_count: '文档',
  user_count: '用户',
  article_count: '文章',
  category_count: '分类',
  comment_count: '评论',
  report_count: '举报',
  friendlink_count: '友链',
  banner_count: '轮播图',
};
const ITEMS = Object.entries(LABELS).map(([key, label]) => ({ key: key as keyof Stats, label }));

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
