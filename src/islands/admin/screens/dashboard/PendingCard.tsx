/** 待审核: documents and comments waiting for review, each a link to its list filtered on that status. */
import { useStore } from '@nanostores/react';
import { Card, Col, Row, Statistic } from 'antd';
import { useEffect } from 'react';
import { DOCUMENT_STATUS, REVIEW_STATUS } from '../../../../domain/status.ts';
import { $pending, refreshPending } from '../../hooks/pending.ts';

const ITEMS = [
  { key: 'document', label: '待审核文档', href: `/admin/document/list?status=${DOCUMENT_STATUS.review}` },
  { key: 'comment', label: '待审核评论', href: `/admin/comment?status=${REVIEW_STATUS.pending}` },
] as const;

export function PendingCard() {
  const pending = useStore($pending);
  useEffect(() => {
    void refreshPending();
  }, []);
  return (
    <Card title="待审核" style={{ height: '100%' }}>
      <Row gutter={[16, 24]}>
        {ITEMS.map((item) => (
          <Col key={item.key} xs={12}>
            <a href={item.href} data-testid={`pending-${item.key}`}>
              <Statistic
                title={item.label}
                value={pending[item.key]}
                styles={pending[item.key] ? { content: { color: '#d97706' } } : undefined}
              />
            </a>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
