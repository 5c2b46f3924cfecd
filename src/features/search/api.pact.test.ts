import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { SEARCH_KINDS, SEARCH_TOO_SHORT } from '../../api/contract/search';
import { stateText } from '../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { STATES, createPact } from '../../testing/pact/provider';
import { SEARCH_STATES } from '../../testing/pact/states';
import { searchApi } from './api';

const { eachLike, integer, regex, string } = MatchersV3;

const resultShape = (kind: string, path: string) => ({
  kind,
  id: integer(1),
  title: string('Handmade Ball panel'),
  detail: string('HBP-0001 · Stanton - Wyman'),
  path: regex(`^/${path}/\\d+$`, `/${path}/1`),
});

describe('the one search (GET /api/search/)', () => {
  const interaction = interactionsOf(createPact());

  it('GET /api/search/?q= answers the matches by kind, each a link', () =>
    interaction(SEARCH_STATES.adminFinds, 'a search for a word of a project and of a risk')
      .get('/api/search/', { q: stateText('word', 'Ball') })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          query: string('Ball'),
          groups: MatchersV3.arrayContaining(
            {
              kind: 'project',
              label: string('Projects'),
              count: integer(1),
              results: eachLike(resultShape('project', 'projects')),
            },
            {
              kind: 'risk',
              label: string('Risks'),
              count: integer(1),
              results: eachLike(resultShape('risk', 'risks')),
            },
          ),
        }),
      )
      .executeTest(async (mock) => {
        const found = await dataFrom(mock, searchApi.endpoints.search, 'Ball');
        const kinds = found.groups.map((group) => group.kind);
        expect(kinds).toEqual(expect.arrayContaining(['project', 'risk']));
        expect(SEARCH_KINDS).toEqual(expect.arrayContaining(kinds));
      }));

  it('GET /api/search/?q= with one letter answers 400 on q', () =>
    interaction(STATES.signedIn, 'a search for one letter')
      .get('/api/search/', { q: 'b' })
      .willRespondWith(400, (b) => b.jsonBody({ q: eachLike(SEARCH_TOO_SHORT) }))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, searchApi.endpoints.search, 'b');
        expect(error?.status).toBe(400);
      }));
});
