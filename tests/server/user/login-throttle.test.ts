import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const BAD_LOGIN = '用户名或密码错误';
const CAPTCHA_ASKED = '登录失败次数较多，请输入验证码后再登录';
const BLOCKED = '登录失败次数过多，请15分钟后再试';

describeEachDialect('login throttling on %s', { admin: false, member: false }, (dialect) => {
  let t: TestApp;
  onStart((ready) => ({ t } = ready));

  let peer = 0;
  const freshIp = () => `10.${dialect === 'sqlite' ? 60 : 61}.${(++peer >> 8) & 255}.${peer & 255}`;
  const login = (username: string, password: string, remoteAddress: string, captcha: object = {}) =>
    t.call({ method: 'POST', url: '/api/v1/user/login', payload: { username, password, ...captcha }, remoteAddress });
  /** A captcha as one a person solved (the image's answer is stored with it). */
  const solved = async () => {
    const id = randomUUID();
    await t.ctx.db
      .insertInto('captchas')
      .values({ id, answer: '4321', expires_at: new Date(Date.now() + 600_000).toISOString() })
      .execute();
    return { captcha_id: id, captcha: '4321' };
  };
  const captchaFor = async (remoteAddress: string) =>
    (await t.call({ url: '/api/v1/user/captcha?type=login', remoteAddress })).body;
  /** Lets the failures so far fall out of the window, as if the attack had stopped 16 minutes ago. */
  const timePasses = () =>
    t.ctx.db
      .updateTable('login_failures')
      .set({ created_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .execute();

  it('an address spraying many names must solve captchas, then is refused', async () => {
    const sprayer = freshIp();
    for (let i = 0; i < 10; i++) expect((await login(`sprayed${i}`, 'guess-1', sprayer)).body.message).toBe(BAD_LOGIN);
    // any further name from that address needs a captcha; the form gets one although the switch is off
    expect(await login('sprayed-next', 'guess-1', sprayer)).toMatchObject({
      status: 400,
      body: { code: 3, message: CAPTCHA_ASKED },
    });
    expect(await captchaFor(sprayer)).toMatchObject({
      enable: true,
      id: expect.any(String),
      captcha: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect((await captchaFor(freshIp())).enable).toBeUndefined();
    expect((await login('sprayed-next', 'guess-1', sprayer, { captcha_id: 'wrong', captcha: '0000' })).body.message).toBe(
      '验证码错误',
    );

    for (let i = 10; i < 50; i++)
      expect((await login(`sprayed${i}`, 'guess-1', sprayer, await solved())).body.message).toBe(BAD_LOGIN);
    const refused = await login('sprayed-last', 'guess-1', sprayer, await solved());
    expect(refused).toMatchObject({ status: 429, body: { code: 8, message: BLOCKED } });
    // others are not touched
    await t.member('bystander', 'bystander-1');
    expect((await login('bystander', 'bystander-1', freshIp())).status).toBe(200);

    await timePasses();
    expect((await login('bystander', 'bystander-1', sprayer)).status).toBe(200);
  });

  it('an account guessed at from many addresses asks for a captcha but never locks its owner out', async () => {
    await t.member('targeted', 'owner-pass-1');
    for (let i = 0; i < 5; i++) expect((await login('targeted', `guess-${i}`, freshIp())).body.message).toBe(BAD_LOGIN);
    const owner = freshIp();
    // the owner, at a clean address, is asked for a captcha (by name, e-mail or another case alike)
    expect((await login('targeted', 'owner-pass-1', owner)).body.message).toBe(CAPTCHA_ASKED);
    expect((await login('targeted@example.com', 'owner-pass-1', owner)).body.message).toBe(CAPTCHA_ASKED);
    expect((await login('TARGETED', 'owner-pass-1', owner)).body.message).toBe(CAPTCHA_ASKED);
    expect((await captchaFor(owner)).enable).toBe(true);

    // the attack goes on with solved captchas; no number of failures refuses the owner
    for (let i = 5; i < 30; i++)
      expect((await login('targeted', `guess-${i}`, freshIp(), await solved())).body.message).toBe(BAD_LOGIN);
    expect((await login('targeted', 'owner-pass-1', owner, await solved())).status).toBe(200);
    // other accounts are not asked
    expect((await login('nobody-attacked', 'x-pass-1', owner)).body.message).toBe(BAD_LOGIN);
    await timePasses();
    expect((await login('targeted', 'owner-pass-1', owner)).status).toBe(200);
  });

  it('one address failing on one account is refused for that account only', async () => {
    await t.member('pair-owner', 'pair-pass-1');
    const guesser = freshIp();
    for (let i = 0; i < 5; i++) await login('pair-owner', `guess-${i}`, guesser);
    for (let i = 5; i < 10; i++)
      expect((await login('pair-owner', `guess-${i}`, guesser, await solved())).body.message).toBe(BAD_LOGIN);
    expect(await login('pair-owner', 'pair-pass-1', guesser, await solved())).toMatchObject({
      status: 429,
      body: { message: BLOCKED },
    });
    expect((await login('pair-owner', 'pair-pass-1', freshIp(), await solved())).status).toBe(200);
    // the address has failed 10 times, so it solves captchas for other names, but is not refused
    expect((await login('other-name', 'x-pass-1', guesser, await solved())).body.message).toBe(BAD_LOGIN);
    await timePasses();
  });

  it('turns the captcha on for every login while the site is under attack, and off when it subsides', async () => {
    await t.member('calm-user', 'calm-pass-1');
    // 100 failures from 25 addresses on 100 names: no address or account is over its own limit
    const attackers = Array.from({ length: 25 }, freshIp);
    for (let round = 0; round < 4; round++) {
      const wave = attackers.map((ip, i) => login(`wave${round}-${i}`, 'guess-1', ip));
      for (const res of await Promise.all(wave)) expect(res.body.message).toBe(BAD_LOGIN);
    }
    const anyone = freshIp();
    expect((await login('calm-user', 'calm-pass-1', anyone)).body.message).toBe(CAPTCHA_ASKED);
    expect((await captchaFor(anyone)).enable).toBe(true);
    expect((await login('calm-user', 'calm-pass-1', anyone, await solved())).status).toBe(200);

    await timePasses();
    expect((await captchaFor(anyone)).enable).toBeUndefined();
    expect((await login('calm-user', 'calm-pass-1', anyone)).status).toBe(200);
  });

  it('a right password forgives the address its own failures on the account', async () => {
    await t.member('typo-user', 'typo-pass-1');
    const home = freshIp();
    for (let i = 0; i < 4; i++) await login('typo-user', `typo-${i}`, home);
    expect((await login('typo-user', 'typo-pass-1', home)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('typo-user', `typo-${i}`, home)).body.message).toBe(BAD_LOGIN);
    expect((await login('typo-user', 'typo-pass-1', home)).status).toBe(200);
  });
});
