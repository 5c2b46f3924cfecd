import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTokenService } from './tokens';

const service = (accessTtlSeconds: number) =>
  createTokenService({ secret: 'test-secret', accessTtlSeconds, refreshTtlSeconds: 3600 });

describe('token verification', () => {
  it('accepts a token it has checked before only until the token expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const tokens = service(60);
    const { access } = await tokens.issuePair(2, 'pm');
    const first = await tokens.verify(access, 'access');
    expect(first).toMatchObject({ ok: true, claims: { userId: 2, persona: 'pm', type: 'access' } });
    expect(await tokens.verify(access, 'access')).toEqual(first);
    // Past exp, the remembered token is refused as expired.
    vi.setSystemTime(Date.now() + 61_000);
    expect(await tokens.verify(access, 'access')).toEqual({ ok: false, reason: 'expired' });
  });

  it('still refuses a remembered access token as a refresh token, and a forged one', async () => {
    const tokens = service(300);
    const { access } = await tokens.issuePair(2, 'pm');
    expect((await tokens.verify(access, 'access')).ok).toBe(true);
    expect(await tokens.verify(access, 'refresh')).toEqual({ ok: false, reason: 'wrong_type' });
    const forged = `${access.slice(0, -4)}AAAA`;
    expect(await tokens.verify(forged, 'access')).toEqual({ ok: false, reason: 'invalid' });
  });
});
