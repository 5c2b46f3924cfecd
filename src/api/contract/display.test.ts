import { describe, expect, it } from 'vitest';
import { entityLabel, formatDate, formatDateTime, personLabel } from './display';

describe('formats (spec §3, §5)', () => {
  it('labels people as Name (login), or the name alone', () => {
    expect(personLabel({ name: 'Priya Nair', login: 'pnair' })).toBe('Priya Nair (pnair)');
    expect(personLabel({ name: 'Grace Thompson', login: '' })).toBe('Grace Thompson');
  });

  it('shows dates as MM/DD/YYYY and times as HH:mm', () => {
    expect(formatDate('2026-03-04T15:07:00')).toBe('03/04/2026');
    expect(formatDateTime('2026-03-04T15:07:00')).toBe('03/04/2026 15:07');
    expect(formatDate('not a date')).toBe('');
  });

  it('names entities by level', () => {
    expect(entityLabel('business_line', 'risk')).toBe('Business Line risk');
    expect(entityLabel('account', 'issue')).toBe('Account issue');
  });
});
