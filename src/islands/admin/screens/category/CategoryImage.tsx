/** Category icon / cover: upload to /upload/category, preview, remove. */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import { uploadCategoryImage } from '../../../../api/upload.ts';

export function CategoryImage(props: { value?: string; onChange?: (v: string) => void; testId: string; square?: boolean }) {
  const { value, onChange, testId, square } = props;
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);

  const upload = async (file: File) => {
    setBusy(true);
    setProgress(0);
    const r = await uploadCategoryImage(file, setProgress);
    setBusy(false);
    if (isOk(r) && r.data.data.path) {
      onChange?.(r.data.data.path);
      message.success('上传成功');
    } else message.error(isOk(r) ? r.data.message || '上传失败' : messageOf(r, '上传失败'));
  };

  return (
    <Space orientation="vertical" data-testid={testId}>
      {value && (
        <Image
          src={value}
          alt=""
          width={square ? 80 : undefined}
          height={80}
          style={{ objectFit: 'contain', background: '#f1f5f9' }}
        />
      )}
      <Space>
        <Upload
          accept="image/*"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {busy ? `上传中 ${progress}%` : value ? '更换图片' : '上传图片'}
          </Button>
        </Upload>
        {value && (
          <Button danger icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
            移除
          </Button>
        )}
      </Space>
    </Space>
  );
}
