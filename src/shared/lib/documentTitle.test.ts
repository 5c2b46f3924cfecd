import { describe, expect, it } from 'vitest';
import { documentTitle, titleOfMatches } from './documentTitle';

describe('browser tab titles', () => {
  it('takes the deepest route that names its page, with its parameters', () => {
    const matches = [
      { handle: undefined, params: {} },
      { handle: { title: 'Risks and issues' }, params: {} },
      {
        handle: { title: ({ riskId }: { riskId?: string }) => `Risk ${riskId}` },
        params: { riskId: '12' },
      },
      { handle: {}, params: { riskId: '12' } },
    ];
    expect(titleOfMatches(matches)).toBe('Risk 12');
    expect(titleOfMatches(matches.slice(0, 2))).toBe('Risks and issues');
    expect(titleOfMatches([{ handle: undefined, params: {} }])).toBeUndefined();
  });

  it("puts the product's name after the page's, or alone", () => {
    expect(documentTitle('Risk 12', 'Project Excellence Platform')).toBe(
      'Risk 12 · Project Excellence Platform',
    );
    expect(documentTitle('Checks', 'Portfolio Excellence Platform')).toBe(
      'Checks · Portfolio Excellence Platform',
    );
    expect(documentTitle(undefined, 'Project Excellence Platform')).toBe(
      'Project Excellence Platform',
    );
  });
});
