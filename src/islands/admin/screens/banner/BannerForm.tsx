/** 新增 / 编辑轮播图 drawer: POST /banner or PUT /banner with the whole row. */
import { Form, Input, Radio } from 'antd';
import { call } from '../../../../api/call.ts';
import { bannerCreate, bannerUpdate } from '../../../../api/generated/banner.ts';
import type { Banner } from '../../../../contract/banner.ts';
import { uploadBanner } from '../../../../api/generated/upload.ts';
import { isBannerTarget } from '../../../../domain/rules.ts';
import { DescriptionItem, EnableItem, sortEnable, SortItem, valuesOf } from '../../components/formItems.tsx';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { ImageUpload } from '../../components/ImageUpload.tsx';
import { optionsOf } from '../../hooks/queryFilters.ts';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { BANNER_TYPE_LABELS } from '../../../../domain/status.ts';
import { givenMustPass, requiredField } from '../../../common/formRules.ts';

/** What the form edits and sends: the whole banner but its id and times (updates overwrite every field). */
type BannerFields = Omit<Banner, 'id' | 'created_at' | 'updated_at'>;

export function BannerForm(props: EditDrawerProps<Banner>) {
  const { value } = props;

  const initial: BannerFields = {
    ...valuesOf(value, { path: '', title: '', url: '', type: 0, description: '' }),
    ...sortEnable.of(value),
  };
  const saver = useSaveForm<BannerFields>({ ...props, initialValues: initial });

  const submit = () =>
    saver.save((v) => {
      const body: BannerFields = {
        path: v.path,
        title: (v.title ?? '').trim(),
        url: (v.url ?? '').trim(),
        type: v.type ?? 0,
        ...sortEnable.body(v),
        description: v.description ?? '',
      };
      return () => (value ? call(bannerUpdate, { ...body, id: value.id }) : call(bannerCreate, body));
    });

  return (
    <DrawerForm {...saver.drawer} title={value ? '编辑轮播图' : '新增轮播图'} onSubmit={submit} testId="banner-drawer">
      <Form.Item name="path" label="图片" rules={requiredField('请上传轮播图图片')}>
        <ImageUpload
          upload={uploadBanner}
          testId="banner-image"
          buttonTestId="banner-upload"
          preview={{ width: 360, fit: 'cover' }}
          removable={false}
        />
      </Form.Item>
      <Form.Item name="title" label="名称" rules={[{ max: 64, message: '名称最多64个字符' }]}>
        <Input placeholder="请输入轮播图名称" maxLength={64} data-testid="banner-title" />
      </Form.Item>
      <Form.Item
        name="url"
        label="链接"
        extra="点击轮播图跳转的地址，如 /article 或 https://example.com；留空则不可点击"
        rules={[givenMustPass(isBannerTarget, '链接地址只能是站内路径或 http(s) 地址')]}
      >
        <Input placeholder="请输入链接地址" maxLength={255} data-testid="banner-url" />
      </Form.Item>
      <Form.Item name="type" label="类型">
        <Radio.Group options={optionsOf(BANNER_TYPE_LABELS)} />
      </Form.Item>
      <SortItem />
      <EnableItem />
      <DescriptionItem />
    </DrawerForm>
  );
}
