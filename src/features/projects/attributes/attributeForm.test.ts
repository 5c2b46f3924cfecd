import { describe, expect, it } from 'vitest';
import type { AttributeDefinition } from '../../../api/contract/projectAttributes';
import { changedValues, textOf, valueOf } from './attributeForm';

const base: AttributeDefinition = {
  key: 'k',
  label: 'K',
  type: 'text',
  hint: '',
  unit: null,
  min: null,
  max: null,
  decimals: null,
  max_length: 10,
  choices: [],
};
const money = { ...base, type: 'number', unit: 'EUR', min: 0, max: 1000, decimals: 2 } as const;
const share = { ...base, type: 'number', min: 0, max: 100, decimals: 0 } as const;
const yesNo = { ...base, type: 'boolean' } as const;
const date = { ...base, type: 'date' } as const;
const pick: AttributeDefinition = {
  ...base,
  type: 'choice',
  choices: [{ value: 'a', label: 'Alpha' }],
};

describe('attribute values from the controls’ texts', () => {
  it('reads each type, an empty text being no value', () => {
    expect(valueOf(base, '  Banking ')).toEqual({ value: 'Banking' });
    expect(valueOf(base, '   ')).toEqual({ value: null });
    expect(valueOf(money, '1,000')).toEqual({ value: 1000 });
    expect(valueOf(money, '12.25')).toEqual({ value: 12.25 });
    expect(valueOf(yesNo, 'no')).toEqual({ value: false });
    expect(valueOf(yesNo, 'yes')).toEqual({ value: true });
    expect(valueOf(date, '2027-01-05')).toEqual({ value: '2027-01-05' });
    expect(valueOf(pick, 'a')).toEqual({ value: 'a' });
  });

  it('says why a text is no value of its type', () => {
    expect(valueOf(base, 'x'.repeat(11))).toEqual({ error: 'Keep it to 10 characters or fewer.' });
    expect(valueOf(money, '12,5a')).toEqual({ error: 'Enter a number.' });
    expect(valueOf(money, '1000.5')).toEqual({ error: 'Enter a number from 0 to 1,000.' });
    expect(valueOf(money, '1.255')).toEqual({ error: 'Use at most 2 decimal places.' });
    expect(valueOf(share, '-1')).toEqual({ error: 'Enter a number from 0 to 100.' });
    expect(valueOf(share, '3.5')).toEqual({ error: 'Enter a whole number.' });
    expect(valueOf(date, '13/45/2027')).toEqual({
      error: 'Enter the date as MM/DD/YYYY, for example 12/31/2026.',
    });
    expect(valueOf(pick, 'b')).toEqual({ error: 'Choose one of: Alpha.' });
  });

  it('shows stored values as texts and sends only the changed ones', () => {
    expect(textOf({ type: 'boolean', value: false })).toBe('no');
    expect(textOf({ type: 'number', value: 35 })).toBe('35');
    expect(textOf({ type: 'text', value: null })).toBe('');
    const definitions = [
      { ...base, key: 'a' },
      { ...share, key: 'b' },
    ];
    expect(changedValues(definitions, { a: 'x', b: '' }, { b: true })).toEqual({ b: null });
  });
});
