import { createHmac } from 'node:crypto';
import { it, expect } from 'vitest';
import { hmacSha256Hex, hmacSha256HexInScript } from './sha256';
it('signs as node:crypto does, for keys and messages of every block length', () => {
  for (const [k, m] of [
    ['s', ''],
    ['pep-mock-secret-not-for-production:attachments', '1:8:1234567890'],
    ['k'.repeat(100), 'm'.repeat(200)],
    ['a', 'x'.repeat(55)],
    ['a', 'x'.repeat(56)],
    ['a', 'x'.repeat(64 - 1)],
  ]) {
    const expected = createHmac('sha256', k!).update(m!).digest('hex');
    expect(hmacSha256HexInScript(k!, m!)).toBe(expected);
    expect(hmacSha256Hex(k!, m!)).toBe(expected);
  }
});
