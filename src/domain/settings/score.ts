import { flag, num, text, group } from './define.ts';

export const SCORE = group('score', {
  credit_name: text({
    default: '积分',
    label: '积分名称',
    placeholder: '网站积分的名称，显示在积分余额、价格和积分明细中，默认为积分',
    sort: 1,
    col: 8,
  }),
  register: num({ default: 10, label: '注册', placeholder: '注册时获得的积分', sort: 10, col: 8 }),
  sign_in: num({ default: 1, label: '签到', placeholder: '每日签到获得的积分', sort: 20, col: 8 }),
  delete_document: num({ default: 1, label: '删除文档', placeholder: '删除上传文档扣除的积分，0表示不扣除', sort: 25, col: 8 }),
  upload_document: num({ default: 5, label: '上传文档', placeholder: '上传一篇文档可获得的积分', sort: 30, col: 8 }),
  upload_document_limit: num({
    default: 1,
    label: '每日上传文档奖励次数',
    placeholder: '每天最多可以获得多少次文档上传奖励，0表示无奖励。',
    sort: 40,
    col: 16,
  }),
  document_collected: num({ default: 1, label: '文档被收藏', placeholder: '上传的文档被收藏后获得的积分', sort: 50, col: 8 }),
  document_collected_limit: num({
    default: 1,
    label: '每日文档被收藏奖励次数',
    placeholder: '每天最多可以获得多少次文档被收藏奖励，0表示无奖励。',
    sort: 60,
    col: 16,
  }),
  document_commented: num({ default: 1, label: '文档被评论', placeholder: '上传的文档被评论后获得的积分', sort: 70, col: 8 }),
  document_commented_limit: num({
    default: 1,
    label: '每日文档被评论奖励次数',
    placeholder: '每天最多可以获得多少次文档被评论奖励，0表示无奖励。',
    sort: 80,
    col: 16,
  }),
  enable_recharge: flag({
    label: '是否开放积分充值',
    placeholder: '开启后，用户可在页头菜单中用微信支付或支付宝充值积分',
    sort: 100,
    col: 8,
  }),
  recharge_discount: text({
    label: '充值折扣',
    placeholder:
      '每行一条，格式为 金额:折扣，如 100:9.5 表示单次充值满100元按9.5折支付；积分按【支付配置】中的人民币兑积分比例发放',
    input: 'textarea',
    sort: 101,
  }),
});
