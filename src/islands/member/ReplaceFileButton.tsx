/**
 * 替换文件 in 我的上传: uploads a new file (POST /upload/document) and makes it the document's file
 * (PUT /document attachment_id). The document keeps its address, counters, comments and
 * favourites; its conversion (and review, where the member's group reviews) starts over.
 */
import { App, Button } from 'antd';
import { useRef, useState } from 'react';
import { call } from '../../api/call.ts';
import { documentUpdate } from '../../api/generated/document.ts';
import type { Document } from '../../contract/document.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { documentUpload } from '../../api/generated/document.ts';
import { uploadFile } from '../../api/upload.ts';
import { useAct } from '../common/useAct.ts';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import { allowedExtensions } from '../upload/upload-files.ts';

export function ReplaceFileButton({ doc, onReplaced }: { doc: Document; onReplaced: () => void }) {
  const act = useAct();
  const { message } = App.useApp();
  const settings = useSiteSettings();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const replace = async (file: File): Promise<void> => {
    setProgress(0);
    const up = await uploadFile(documentUpload, file, (pct) => setProgress(Math.min(pct, 99)));
    const id = isOk(up) ? up.data.data.id : 0;
    if (!id) message.error(isOk(up) ? up.data.message || '上传失败' : messageOf(up, '上传失败'));
    const ok =
      id > 0 && (await act(call(documentUpdate, { id: doc.id, attachment_id: id }), '文件已替换，正在重新转换', '替换文件失败'));
    setProgress(null);
    if (ok) onReplaced();
  };

  return (
    <>
      <Button
        size="small"
        type="link"
        loading={progress !== null}
        onClick={() => input.current?.click()}
        data-testid="document-replace"
        title="上传新文件替换，文档的浏览、下载、评论和收藏都会保留"
      >
        {progress === null ? '替换文件' : `上传中 ${progress}%`}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={allowedExtensions(settings).join(',')}
        data-testid="document-replace-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void replace(file);
        }}
      />
    </>
  );
}
