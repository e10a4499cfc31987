import { flag, num, text, group } from './define.ts';

export const CONVERTER = group('converter', {
  max_preview_percent: num({
    default: 100,
    label: '最大预览页数百分比',
    placeholder: '百分比数值，填1~100，与，0和100均表示不限制。与【最大阅览页数】一起，取两者中的最小值',
    sort: -1,
  }),
  max_preview: num({ default: 12, label: '最大预览页数', placeholder: '文档允许的最大预览页数，0表示不限制', sort: 0, col: 12 }),
  timeout: num({ default: 30, label: '转换超时(分钟)', placeholder: '文档转换超时时间，默认为30分钟', sort: 20, col: 12 }),
  extension: text({
    default: 'svg',
    label: '预览格式',
    placeholder: '将文档转为特定格式以供预览',
    input: 'select',
    options: 'svg:SVG\njpg:JPEG\npng:PNG\nwebp:WEBP',
    sort: 30,
    col: 12,
  }),
  enable_convert_repeated_document: flag({
    label: '是否转换重复文档',
    placeholder: '对于已转换过的文档，再次被上传时是否再转换一次',
    sort: 31,
    col: 12,
  }),
  enable_gzip: flag({
    default: true,
    label: '是否启用GZIP压缩',
    placeholder: '是否对文档SVG预览文件启用GZIP压缩，启用后转换效率会【稍微】下降，但相对直接的SVG文件减少75%的存储空间',
    sort: 40,
  }),
  enable_svgo: flag({
    label: '是否启用SVGO',
    placeholder: '是否对文档SVG预览文件启用SVGO压缩，启用后转换效率会【明显】下降，但相对直接的SVG文件减少50%左右的存储空间',
    sort: 50,
  }),
});
