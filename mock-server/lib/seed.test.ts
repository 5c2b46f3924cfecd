import { Faker, en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { runSeedParts, seedOrder, seeded, type SeedPart } from './seed';

const part = (name: string, after?: SeedPart['after']): SeedPart => ({
  name,
  after,
  build: () => ({}),
});
const names = (parts: readonly SeedPart[]) => seedOrder(parts).map((each) => each.name);

describe('the seed parts', () => {
  it('run after the parts they name, else in the order given, the "all" ones last', () => {
    expect(
      names([
        part('dashboard', 'all'),
        part('notifications', ['directory', 'risks']),
        part('banner'),
        part('risks', ['directory']),
        part('directory'),
      ]),
    ).toEqual(['banner', 'directory', 'risks', 'notifications', 'dashboard']);
  });

  it('refuse an unknown name, a name given twice, and parts that wait on each other', () => {
    expect(() => names([part('risks', ['directry'])])).toThrow(
      'Seed part risks runs after directry: no such part',
    );
    expect(() => names([part('risks'), part('risks')])).toThrow('Two seed parts are named risks');
    expect(() => names([part('a', ['b']), part('b', ['a'])])).toThrow(
      'The seed parts a, b wait on each other',
    );
  });

  it('hand each part the collections built before it; reading one not built yet throws', () => {
    const context = { faker: new Faker({ locale: [en], seed: 1 }) };
    const built = runSeedParts(
      [
        {
          name: 'stats',
          after: ['auth'],
          build: (_context, sofar) => ({
            stats: [],
            banner: { html_text: String(sofar.revokedSessions) },
          }),
        },
        { name: 'auth', build: () => ({ revokedSessions: ['s1'] }) },
      ],
      context,
    );
    expect(built).toEqual({ revokedSessions: ['s1'], stats: [], banner: { html_text: 's1' } });
    expect(() => seeded({}, 'polls')).toThrow('The seed reads polls before it is built');
  });
});
