import { expect, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { adminToken, registerMember, setConfigs, unique } from './support/api.ts';

test('forgot password mails a link through SMTP and the link resets the password', async ({ page, request, baseURL }) => {
  const mails: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        mails.push(raw);
        done();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as AddressInfo).port;
  try {
    const admin = await adminToken(request);
    await setConfigs(request, admin, 'system', { domain: baseURL! });
    await setConfigs(request, admin, 'email', {
      enable: 'true',
      host: '127.0.0.1',
      port: String(port),
      is_tls: 'false',
      username: 'noreply@wenku.test',
      from_name: 'Wenku',
    });
    const username = unique('lost');
    const email = `${username}@example.com`;
    await registerMember(request, username, 'old-pass-1', email);

    await page.goto('/auth/forgot');
    await page.getByTestId('forgot-email').fill(email);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('form-success')).toBeVisible();
    await expect.poll(() => mails.length, { timeout: 15_000 }).toBeGreaterThan(0);

    // quoted-printable soft line breaks and =3D must be undone before reading the link
    const body = mails[0].replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = body.match(/https?:\/\/[^\s"'<>]+\/auth\/forgot\?[^\s"'<>]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!.replace(/&amp;/g, '&'));
    await page.getByTestId('forgot-password').fill('new-pass-2');
    await page.getByTestId('forgot-confirm').fill('new-pass-2');
    await page.getByTestId('forgot-submit').click();
    await page.waitForURL(/\/auth\/login/);

    const res = await request.post('/api/v1/user/login', { data: { username, password: 'new-pass-2' } });
    expect(res.status()).toBe(200);
    const old = await request.post('/api/v1/user/login', { data: { username, password: 'old-pass-1' } });
    expect(old.status()).toBe(400);
  } finally {
    await new Promise<void>((r) => smtp.close(() => r()));
  }
});
