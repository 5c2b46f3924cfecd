import { describe, expect, it } from 'vitest';
import { similarity, tokens } from './similarity';

describe('statement similarity', () => {
  it('ranks a near duplicate first, unrelated statements last', () => {
    const statement = 'The client has not agreed the acceptance criteria of the reporting module';
    const candidates = [
      'Key developer may leave before the release',
      'Acceptance criteria for the reporting module are not agreed with the client',
      'Reporting module scope creep',
      'Budget overrun on the integration phase',
    ];
    const ranked = [...candidates].sort(
      (a, b) => similarity(statement, b) - similarity(statement, a),
    );
    expect(ranked[0]).toBe(candidates[1]);
    expect(similarity(statement, candidates[1]!)).toBeGreaterThan(0.7);
    expect(similarity(statement, candidates[0]!)).toBe(0);
    expect(similarity(statement, candidates[2]!)).toBeLessThan(
      similarity(statement, candidates[1]!),
    );
  });

  it('is symmetric, 1 for the same words in any case or order, 0 for nothing in common', () => {
    const a = 'Vendor delivers the payment component late';
    const b = 'LATE payment component: the vendor delivers';
    expect(similarity(a, b)).toBeCloseTo(1);
    expect(similarity(b, a)).toBeCloseTo(similarity(a, b));
    expect(similarity(a, '')).toBe(0);
    expect(similarity('the of and', 'the of and')).toBe(0);
  });

  it('reads words without stop words and plural or verb endings', () => {
    expect([...tokens('The testers are testing the tests')]).toEqual(['tester', 'test']);
  });
});
