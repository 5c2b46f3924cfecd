import { describe, expect, it } from 'vitest';
import type { ApiError } from './baseQuery';
import { idTag, invalidatesOnSuccess, listTag, listTags } from './tags';

const REFUSED: ApiError = { status: 400, data: { title: ['Required.'] }, silent: false };

describe('cache tags', () => {
  it('names every list with one id and each row by its own id', () => {
    expect(listTag('Poll')).toEqual({ type: 'Poll', id: 'LIST' });
    expect(listTags('Outcome', [{ id: 3 }, { id: 4 }])).toEqual([
      { type: 'Outcome', id: 'LIST' },
      { type: 'Outcome', id: 3 },
      { type: 'Outcome', id: 4 },
    ]);
    expect(listTags('Outcome', undefined)).toEqual([{ type: 'Outcome', id: 'LIST' }]);
  });

  it('invalidates the tags of a call that succeeded, and nothing for one that failed', () => {
    const fixed = invalidatesOnSuccess<null, number>([listTag('RiskDraft')]);
    expect(fixed(null, undefined, 5)).toEqual([{ type: 'RiskDraft', id: 'LIST' }]);
    expect(fixed(undefined, REFUSED, 5)).toEqual([]);

    const byArg = invalidatesOnSuccess<{ id: number }, { riskId: number }>(({ riskId }, risk) => [
      idTag('Risk', riskId),
      idTag('RiskHistory', risk.id),
    ]);
    expect(byArg({ id: 2 }, undefined, { riskId: 2 })).toEqual([
      { type: 'Risk', id: 2 },
      { type: 'RiskHistory', id: 2 },
    ]);
    expect(byArg(undefined, REFUSED, { riskId: 2 })).toEqual([]);
  });
});
