import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendSmsBody, smsListQuery, testSmsBody } from '../../../contract/sms.ts';
import { perm } from '../../auth/access.ts';
import { toSms } from './sms.repo.ts';
import { sendSmsCode, sendTestSms } from './sms.service.ts';

const P = '/api.v1.SmsAPI';

export default async function smsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = app.ctx.repos.sms;
  const tags = ['短信'];

  r.post(
    '/sms',
    {
      schema: { tags, summary: '发送短信验证码（需图片验证码；按手机号与IP限频）', body: sendSmsBody },
      config: { access: 'public', whileDisabled: true, rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (req) => sendSmsCode(app.ctx, req.body, req.auth.ip),
  );

  r.post(
    '/sms/test',
    {
      schema: { tags, summary: '发送测试短信（使用已保存的短信配置，记入发送记录）', body: testSmsBody },
      config: { access: perm(`${P}/TestSms`, '发送测试短信'), rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (req) => sendTestSms(app.ctx, req.body.mobile, req.auth.ip),
  );

  r.get(
    '/sms/list',
    {
      schema: { tags, summary: '短信发送记录', querystring: smsListQuery },
      config: { access: perm(`${P}/ListSms`, '查看短信发送记录') },
    },
    async (req) => {
      const { total, rows } = await repo.list(req.query);
      return { total, sms: rows.map(toSms) };
    },
  );
}
