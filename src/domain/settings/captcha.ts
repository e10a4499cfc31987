import { num, text, group } from './define.ts';

export const CAPTCHA = group('captcha', {
  height: num({ default: 60, label: '验证码高度', placeholder: '请输入验证码高度，默认为60', sort: 13, bounds: [30, 200] }),
  width: num({ default: 240, label: '验证码宽度', placeholder: '请输入验证码宽度，默认为240', sort: 14, bounds: [80, 600] }),
  length: num({ default: 5, label: '验证码长度', placeholder: '请输入验证码长度，默认为5', sort: 15, bounds: [3, 8] }),
  type: text({
    default: 'digit',
    label: '验证码类型',
    placeholder: '请选择验证码类型，默认为数字',
    input: 'select',
    options: 'string:字符串\nmath:算术\ndigit:数字\naudio:语音',
    sort: 16,
  }),
});
