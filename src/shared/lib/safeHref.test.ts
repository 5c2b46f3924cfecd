import { describe, expect, it } from 'vitest';
import { safeHref } from './safeHref';

describe('safeHref: a link target from data', () => {
  it.each([
    ['/risks/1', '/risks/1'],
    ['/planning?check=3', '/planning?check=3'],
    ['/projects/1/iso-9001-compliance#clause-9', '/projects/1/iso-9001-compliance#clause-9'],
    [
      '/api/attachments/4/?user=2&expires=1&signature=ab',
      '/api/attachments/4/?user=2&expires=1&signature=ab',
    ],
    ['https://kb.example.com/pep/drivers', 'https://kb.example.com/pep/drivers'],
    ['http://intranet.example.com', 'http://intranet.example.com/'],
    ['HTTPS://KB.example.com/a', 'https://kb.example.com/a'],
  ])('keeps %s as %s', (value, href) => {
    expect(safeHref(value)).toBe(href);
  });

  it.each([
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox("x")',
    'VBScript:msgbox("x")',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    '\u0001javascript:alert(1)',
    'file:///etc/passwd',
    'mailto:someone@example.com',
    'ftp://files.example.com',
    'blob:https://app.example.com/1',
    '//evil.example/risks/1',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'risks/1',
    '../risks/1',
    '?tab=details',
    '#top',
    'https://',
    '',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(safeHref(value)).toBeUndefined();
  });
});
