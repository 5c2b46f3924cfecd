import { describe, expect, it } from 'vitest';
import { filesBody } from './multipart';

describe('filesBody', () => {
  it('sends the text fields first, then every file as `files` under its own name', () => {
    const plan = new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' });
    const chart = new File(['png'], 'chart.png', { type: 'image/png' });

    const parts = [...filesBody([plan, chart], { text: 'Noted.' }).entries()];

    expect(parts.map(([name]) => name)).toEqual(['text', 'files', 'files']);
    expect(parts[0]![1]).toBe('Noted.');
    expect(parts.slice(1).map(([, file]) => (file as File).name)).toEqual([
      'plan.pdf',
      'chart.png',
    ]);
  });

  it('has no other part when only files are given', () => {
    const sheet = new File(['xlsx'], 'Revenue.xlsx');
    expect([...filesBody([sheet]).keys()]).toEqual(['files']);
  });
});
