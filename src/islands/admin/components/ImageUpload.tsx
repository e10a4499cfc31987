/** Image form control: uploads with progress, keeps the returned path, previews it, optionally removes it. */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { isOk, messageOf } from '../../../api/http.ts';
import { uploadFile } from '../../../api/upload.ts';
import type { UploadCall } from '../../../api/upload.ts';

export interface ImageUploadProps {
  value?: string;
  onChange?: (path: string) => void;
  /** the upload call, e.g. `uploadCategory`: it answers `{ data: { path } }` or a server message */
  upload: UploadCall<{ message: string; data: { path: string } }>;
  testId: string;
  buttonTestId?: string;
  /** Preview size and fit; the default is 80px high, contained. */
  preview?: { width?: number; height?: number; fit: 'contain' | 'cover' };
  /** Show a 移除 button next to the upload button (default true). */
  removable?: boolean;
}

export function ImageUpload(props: ImageUploadProps) {
  const { value, onChange, upload, testId, buttonTestId, preview = { height: 80, fit: 'contain' }, removable = true } = props;
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;

  const send = async (file: File) => {
    setProgress(0);
    const r = await uploadFile(upload, file, setProgress);
    setProgress(null);
    if (isOk(r) && r.data.data.path) {
      onChange?.(r.data.data.path);
      message.success('上传成功');
    } else message.error(isOk(r) ? r.data.message || '上传失败' : messageOf(r, '上传失败'));
  };

  const picker = (
    <Upload
      accept="image/*"
      showUploadList={false}
      beforeUpload={(file) => {
        void send(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy} data-testid={buttonTestId}>
        {busy ? `上传中 ${progress}%` : value ? '更换图片' : '上传图片'}
      </Button>
    </Upload>
  );

  return (
    <Space orientation="vertical" data-testid={testId}>
      {value && (
        <Image
          src={value}
          alt=""
          width={preview.width}
          height={preview.height}
          style={{ objectFit: preview.fit, background: '#f1f5f9' }}
        />
      )}
      {removable ? (
        <Space>
          {picker}
          {value && (
            <Button danger icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
              移除
            </Button>
          )}
        </Space>
      ) : (
        picker
      )}
    </Space>
  );
}
