/**
 * Conversion status of the documents published from this page: polls
 * GET /document/list?user_id=<me> every 3 s while any of them is waiting or converting
 * (待审核 / 待转换 / 转换中 / 已转换 / 转换失败 with the error), for at most 10 minutes.
 */
import { useStore } from '@nanostores/react';
import { Card, List } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../api/call.ts';
import type { ReplyOf } from '../../api/call.ts';
import { documentCreate, documentList } from '../../api/generated/document.ts';

/** A document the upload just published. */
export type CreatedDocument = ReplyOf<typeof documentCreate>['document'][number];
import { isOk } from '../../api/http.ts';
import { $categoryById } from '../../stores/categories.ts';
import { documentUrl } from '../../domain/urls.ts';
import { DocumentStatusTag } from '../common/DocumentStatusTag.tsx';

const POLL_MS = 3000;
const POLL_LIMIT_MS = 10 * 60 * 1000;
/** 待转换, 转换中, 重新转换: the converter will still change them. */
const MOVING = [0, 1, 5];

interface Row extends CreatedDocument {
  convert_error: string;
  category_id: number[];
}

export function StatusPanel({ userId, created }: { userId: number; created: readonly CreatedDocument[] }) {
  const byId = useStore($categoryById);
  const [live, setLive] = useState<Map<number, Row>>(new Map());
  const started = useRef(Date.now());

  useEffect(() => {
    if (!created.length) return;
    started.current = Date.now();
    let stop = false;
    let timer = 0;
    const poll = async (): Promise<void> => {
      const r = await call(documentList, {
        user_id: [userId],
        page: 1,
        size: Math.max(20, created.length + 10),
        order: 'id desc',
      });
      if (stop) return;
      const next = new Map<number, Row>();
      if (isOk(r)) {
        for (const d of r.data.document) {
          next.set(d.id, {
            id: d.id,
            uuid: d.uuid,
            title: d.title,
            status: d.status,
            convert_error: d.convert_error,
            category_id: d.category_id ?? [],
          });
        }
        setLive(next);
      }
      const moving = created.some((c) => MOVING.includes((next.get(c.id) ?? c).status));
      if (moving && Date.now() - started.current < POLL_LIMIT_MS) timer = window.setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stop = true;
      window.clearTimeout(timer);
    };
  }, [created, userId]);

  if (!created.length) return null;
  return (
    <Card title="转换状态" size="small" style={{ marginTop: 24 }} data-testid="upload-status">
      <List
        size="small"
        dataSource={created.map((c) => live.get(c.id) ?? { ...c, convert_error: '', category_id: [] })}
        renderItem={(d) => (
          <List.Item data-doc-id={d.id}>
            <div className="flex w-full flex-wrap items-start justify-between gap-2">
              {d.status === 2 && d.category_id.length ? <a href={documentUrl(d, byId)}>{d.title}</a> : <span>{d.title}</span>}
              <DocumentStatusTag status={d.status} error={d.convert_error} />
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}
