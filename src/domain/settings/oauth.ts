import { flag, group, password, text } from './define.ts';

export const OAUTH = group('oauth', {
  enable_qq: flag({ label: '是否启用QQ登录', placeholder: '启用后，用户可使用QQ账号登录或绑定本站账号', sort: 10 }),
  qq_client_id: text({ label: 'QQ互联 APP ID', placeholder: '请输入QQ互联平台分配的 APP ID', sort: 20, col: 12 }),
  qq_client_secret: password({ label: 'QQ互联 APP Key', placeholder: '请输入QQ互联平台分配的 APP Key', sort: 21, col: 12 }),
  enable_wechat: flag({ label: '是否启用微信登录', placeholder: '启用后，用户可使用微信扫码登录或绑定本站账号', sort: 30 }),
  wechat_app_id: text({ label: '微信开放平台 AppID', placeholder: '请输入微信开放平台网站应用的 AppID', sort: 40, col: 12 }),
  wechat_app_secret: password({
    label: '微信开放平台 AppSecret',
    placeholder: '请输入微信开放平台网站应用的 AppSecret',
    sort: 41,
    col: 12,
  }),
  qq_endpoint: text({
    label: 'QQ互联接口地址',
    placeholder: '留空使用官方地址 https://graph.qq.com；私有部署或测试时填写兼容的接口地址',
    sort: 22,
  }),
  wechat_endpoint: text({
    label: '微信接口地址',
    placeholder:
      '留空使用官方地址（授权页 https://open.weixin.qq.com，接口 https://api.weixin.qq.com）；测试时填写兼容的接口地址，授权页与接口共用该地址',
    sort: 42,
  }),
  enable_github: flag({ label: '是否启用GitHub登录', placeholder: '启用后，用户可使用GitHub账号登录或绑定本站账号', sort: 60 }),
  github_client_id: text({
    label: 'GitHub Client ID',
    placeholder: '请输入在 GitHub 设置 → Developer settings → OAuth Apps 中创建的应用的 Client ID',
    sort: 61,
    col: 12,
  }),
  github_client_secret: password({
    label: 'GitHub Client Secret',
    placeholder: '请输入该应用的 Client Secret',
    sort: 62,
    col: 12,
  }),
  github_endpoint: text({
    label: 'GitHub接口地址',
    placeholder: '留空使用官方地址 https://github.com；企业私有部署或测试时填写兼容的地址',
    sort: 63,
  }),
  enable_gitee: flag({ label: '是否启用Gitee登录', placeholder: '启用后，用户可使用Gitee账号登录或绑定本站账号', sort: 70 }),
  gitee_client_id: text({
    label: 'Gitee Client ID',
    placeholder: '请输入在 Gitee 设置 → 第三方应用 中创建的应用的 Client ID',
    sort: 71,
    col: 12,
  }),
  gitee_client_secret: password({ label: 'Gitee Client Secret', placeholder: '请输入该应用的 Client Secret', sort: 72, col: 12 }),
  gitee_endpoint: text({
    label: 'Gitee接口地址',
    placeholder: '留空使用官方地址 https://gitee.com；企业私有部署或测试时填写兼容的地址',
    sort: 73,
  }),
  callback_base: text({
    label: '回调地址前缀',
    placeholder:
      '第三方登录回调地址前缀，如 https://wenku.example.com，回调地址为 前缀 + /oauth/callback?type=类型（qq、wechat、github、gitee）；留空则使用【网站域名】',
    sort: 50,
  }),
});
