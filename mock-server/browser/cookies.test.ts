// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { applySetCookie, requestCookies } from './cookies';

afterEach(() => {
  localStorage.clear();
  for (const name of Object.keys(requestCookies())) document.cookie = `${name}=; Max-Age=0; Path=/`;
});

describe("the static demo's cookies", () => {
  it('writes a cookie the SPA may read to document.cookie and sends it back', () => {
    applySetCookie('csrftoken=abc123; Max-Age=86400; Path=/; SameSite=Lax');
    expect(document.cookie).toContain('csrftoken=abc123');
    expect(requestCookies()).toMatchObject({ csrftoken: 'abc123' });
  });

  it('keeps an HttpOnly cookie out of document.cookie but sends it, until it expires', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    applySetCookie('sessionid=s3cr3t; HttpOnly; Max-Age=60; Path=/', now);
    expect(document.cookie).not.toContain('sessionid');
    expect(requestCookies(now + 1_000)).toMatchObject({ sessionid: 's3cr3t' });
    expect(requestCookies(now + 61_000)).not.toHaveProperty('sessionid');

    applySetCookie('sessionid=s3cr3t; HttpOnly; Path=/', now);
    applySetCookie('sessionid=; HttpOnly; Max-Age=0; Path=/', now);
    expect(requestCookies(now)).not.toHaveProperty('sessionid');
  });
});
