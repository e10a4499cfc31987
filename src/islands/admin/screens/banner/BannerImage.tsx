/** Banner picture form control: upload to /upload/banner and keep the returned path. */
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import { uploadBannerImage } from '../../../../api/upload.ts';

export function BannerImage(props: { value?: string; onChange?: (path: string) => void }) {
  const { value, onChange } = props;
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File) => {
    setProgress(0);
    const r = await uploadBannerImage(file, setProgress);
    setProgress(null);
    if (isOk(r) && r.data.data.path) {
      onChange?.(r.data.data.path);
      message.success('上传成功');
    } else message.error(isOk(r) ? r.data.message || '上传失败' : messageOf(r, '上传失败'));
  };

  return (
    <Space orientation="vertical" data-testid="banner-image">
      {value && <Image src={value} alt="" width={360} style={{ objectFit: 'cover', background: '#f1f5f9' }} />}
      <Upload
        accept="image/*"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={progress !== null} data-testid="banner-upload">
          {progress !== null ? `上传中 ${progress}%` : value ? '更换图片' : '上传图片'}
        </Button>
      </Upload>
    </Space>
  );
}
