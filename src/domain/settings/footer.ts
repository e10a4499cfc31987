import { text, group } from './define.ts';

export const FOOTER = group('footer', {
  about: text({
    default: '/article/about',
    label: '关于我们',
    placeholder: '请输入关于我们的链接地址，留空表示不显示',
    sort: 24,
    public: true,
  }),
  contact: text({
    default: '/article/contact',
    label: '联系我们',
    placeholder: '请输入联系我们的链接地址，留空表示不显示',
    sort: 25,
    public: true,
  }),
  agreement: text({
    default: '/article/agreement',
    label: '文库协议',
    placeholder: '请输入文库协议的链接地址，留空表示不显示',
    sort: 26,
    public: true,
  }),
  copyright: text({
    default: '/article/copyright',
    label: '免责声明',
    placeholder: '请输入免责声明的链接地址，留空表示不显示',
    sort: 27,
    public: true,
  }),
  feedback: text({
    default: '/article/feedback',
    label: '意见反馈',
    placeholder: '请输入意见反馈的链接地址，留空表示不显示',
    sort: 28,
    public: true,
  }),
});
