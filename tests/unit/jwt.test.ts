import { describe, expect, it } from 'vitest';
import { TokenService } from '../../src/server/auth/jwt.ts';

describe('session tokens', () => {
  const tokens = new TokenService('a-secret-of-this-site');

  it('accepts a token it signed, again and again', async () => {
    const { token } = await tokens.issue(7, 2);
    for (let i = 0; i < 2; i++) expect(await tokens.verify(token)).toMatchObject({ UserId: 7, Version: 2 });
  });

  it('refuses a token with a changed payload or of another site every time it comes back', async () => {
    const { token } = await tokens.issue(7, 2);
    const [head, , sig] = token.split('.');
    const forged = [head, Buffer.from(JSON.stringify({ UserId: 1, UUID: 'x', Version: 2 })).toString('base64url'), sig].join('.');
    const foreign = (await new TokenService('another-site').issue(7, 2)).token;
    for (const bad of [forged, foreign, 'not-a-token']) {
      expect(await tokens.verify(bad)).toBeNull();
      expect(await tokens.verify(bad)).toBeNull();
    }
  });
});
