import { flag, group, num, password, text } from './define.ts';

export const EMAIL = group('email', {
  enable: flag({ label: '是否启用邮件服务', placeholder: '邮件服务，用于找回账户密码', sort: 10 }),
  host: text({ label: 'SMTP 服务器地址', placeholder: '如：smtp.exmail.com', sort: 20 }),
  port: num({ default: 465, label: 'SMTP 服务器端口', placeholder: '如：465', sort: 30 }),
  is_tls: flag({ default: true, label: '是否启用TLS', placeholder: '如果是TLS端口，请启用', sort: 40 }),
  from_name: text({ label: '发件人名称', placeholder: '请输入您要展示的发件人名称', sort: 50 }),
  username: text({ label: 'SMTP 账号', placeholder: '请输入您的邮箱账户', sort: 60 }),
  password: password({ label: 'SMTP 密码', placeholder: '请输入您的邮箱密码', sort: 70 }),
  duration: num({
    default: 30,
    label: '邮件有效期',
    placeholder: '找回密码时链接有效期，默认为30，表示30分钟',
    sort: 80,
    bounds: [1, 60],
  }),
  secret: text({ label: '签名密钥', placeholder: '找回密码链接签名密钥', sort: 80, secret: true }),
  test_email: text({ label: '测试邮箱', placeholder: '用于每次变更配置时保存发送测试邮件', sort: 90 }),
});
