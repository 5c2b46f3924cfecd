import { describe, expect, it } from 'vitest';
import { DJANGO_NOT_FOUND_PAGE } from '../testing/mockBackend';
import { describeApiError, isEmptyMessage, plainText } from './errorMessages';

describe('describeApiError', () => {
  it('takes a body that is a page as its text only, never as markup', () => {
    expect(describeApiError({ status: 404, data: DJANGO_NOT_FOUND_PAGE, silent: true })).toEqual({
      fields: [],
      html: [],
      text: ['Not Found The requested resource was not found on this server.'],
    });
  });

  it('keeps the string values of a DRF object as HTML, as spec §8 says', () => {
    expect(
      describeApiError({ status: 503, data: { detail: '<b>Busy</b>', code: 'x' }, silent: false }),
    ).toEqual({ fields: [], html: ['<b>Busy</b>'], text: [] });
  });

  it('lists field errors by field', () => {
    expect(
      describeApiError({
        status: 400,
        data: { statement: ['This field may not be null.'], data: { action: ['Bad.'] } },
        silent: false,
      }),
    ).toEqual({
      fields: [
        { field: 'statement', messages: ['This field may not be null.'] },
        { field: 'data.action', messages: ['Bad.'] },
      ],
      html: [],
      text: [],
    });
  });

  it('has nothing to say about a blank page', () => {
    expect(isEmptyMessage(describeApiError({ status: 502, data: '  \n', silent: false }))).toBe(
      true,
    );
    expect(
      isEmptyMessage(describeApiError({ status: 502, data: '<html></html>', silent: false })),
    ).toBe(true);
  });
});

describe('plainText', () => {
  it('leaves out the head, scripts and styles, and joins the pieces with spaces', () => {
    expect(
      plainText(
        '<html><head><title>T</title><style>p{}</style></head><body><h1>Server Error (500)</h1>' +
          '<script>alert(1)</script><p>Try   again\nlater.</p><img src=x onerror="alert(1)"></body></html>',
      ),
    ).toBe('Server Error (500) Try again later.');
  });

  it('reads a text as HTML would: entities decoded, anything shaped as a tag dropped', () => {
    expect(plainText('5 < 6 &amp; 7 > 3')).toBe('5 < 6 & 7 > 3');
    expect(plainText('Bad gateway <from the proxy> & co')).toBe('Bad gateway & co');
  });
});
