import type { FastifyInstance } from 'fastify';
import { sendSmsBody, sendSmsReply, smsListQuery, smsListReply, testSmsBody } from '../../../contract/sms.ts';
import { listHandler } from '../../http/crud.ts';
import { toSms } from './sms.repo.ts';
import { sendSmsCode, sendTestSms } from './sms.service.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes, guestWrite, perMinute } from '../../http/routes.ts';

export default async function smsRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.sms;
  const api = apiRoutes(app, ['短信'], 'SmsAPI');

  api.post(
    '/sms',
    { summary: '发送短信验证码（需图片验证码；按手机号与IP限频）', ...guestWrite(5), body: sendSmsBody, reply: sendSmsReply },
    async (req) => sendSmsCode(app.ctx, req.body, req.auth.ip),
  );

  api.post(
    '/sms/test',
    {
      summary: '发送测试短信（使用已保存的短信配置，记入发送记录）',
      access: api.rpc('TestSms', '发送测试短信'),
      body: testSmsBody,
      reply: emptyReply,
      rateLimit: perMinute(5),
    },
    async (req) => sendTestSms(app.ctx, req.body.mobile, req.auth.ip),
  );

  api.get(
    '/sms/list',
    { summary: '短信发送记录', access: api.rpc('ListSms', '查看短信发送记录'), querystring: smsListQuery, reply: smsListReply },
    listHandler(repo, 'sms', toSms),
  );
}
