import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { date } from '../../testing/pact/drfShapes';
import { dataFrom, interactionsOf } from '../../testing/pact/interactions';
import { createPact } from '../../testing/pact/provider';
import { MY_WORK_STATES } from '../../testing/pact/states';
import { myWorkApi } from './api';

const { boolean, eachLike, integer, regex, string } = MatchersV3;

const itemShape = (path: string) => ({
  id: integer(1),
  title: string('Handmade Ball panel · Self check SC1'),
  detail: string('Started'),
  due_date: date('2026-12-01'),
  overdue: boolean(false),
  path: regex(`^/${path}/\\d+$`, `/${path}/1`),
});

describe('my work (GET /api/my-work/)', () => {
  const interaction = interactionsOf(createPact());

  it('GET /api/my-work/ answers the groups waiting, each with the list it opens', () =>
    interaction(MY_WORK_STATES.pmHasWork, 'a request for what waits for a project manager')
      .get('/api/my-work/')
      .willRespondWith(200, (b) =>
        b.jsonBody({
          today: date('2026-11-28'),
          groups: MatchersV3.arrayContaining(
            {
              kind: 'checks_to_answer',
              label: string('Checks to answer'),
              path: regex('^/checks\\?waiting=answer$', '/checks?waiting=answer'),
              count: integer(1),
              items: eachLike(itemShape('checks')),
            },
            {
              kind: 'risks_due',
              label: string('Project risks and issues you own, due by 12/05/2026'),
              path: regex(
                '^/risks\\?level=[a-z_]+&owner=\\d+&status=open&due_before=\\d{4}-\\d{2}-\\d{2}$',
                '/risks?level=project&owner=2&status=open&due_before=2026-12-05',
              ),
              count: integer(1),
              items: eachLike(itemShape('risks')),
            },
            {
              kind: 'action_items',
              label: string('Project risks and issues with your action items due by 12/05/2026'),
              path: regex(
                '^/risks\\?level=[a-z_]+&action_owner=\\d+&action_due_before=\\d{4}-\\d{2}-\\d{2}$',
                '/risks?level=project&action_owner=2&action_due_before=2026-12-05',
              ),
              count: integer(1),
              items: eachLike({
                ...itemShape('risks'),
                path: regex('^/risks/\\d+\\?tab=action-items$', '/risks/1?tab=action-items'),
              }),
            },
            {
              kind: 'approvals',
              label: string('Approvals waiting on you'),
              // Across projects: the group opens /approvals, each item its request on its project's tab.
              path: regex('^/approvals$', '/approvals'),
              count: integer(1),
              items: eachLike({
                ...itemShape('projects'),
                detail: string('Handmade Ball panel · Budget change from Lucia Romero'),
                path: regex(
                  '^/projects/\\d+/approvals\\?view=mine#approval-\\d+$',
                  '/projects/1/approvals?view=mine#approval-1',
                ),
              }),
            },
          ),
        }),
      )
      .executeTest(async (mock) => {
        const work = await dataFrom(mock, myWorkApi.endpoints.getMyWork, undefined);
        const kinds = work.groups.map((group) => group.kind);
        expect(kinds).toEqual(
          expect.arrayContaining(['checks_to_answer', 'risks_due', 'action_items', 'approvals']),
        );
        for (const group of work.groups)
          expect(group.items.length).toBeLessThanOrEqual(group.count);
        expect(work.groups.filter((group) => group.kind === 'approvals')).toHaveLength(1);
      }));

  it('GET /api/my-work/ answers no group when nothing waits', () =>
    interaction(
      MY_WORK_STATES.viewerHasNothing,
      'a request for what waits for someone with nothing to do',
    )
      .get('/api/my-work/')
      .willRespondWith(200, (b) => b.jsonBody({ today: date('2026-11-28'), groups: [] }))
      .executeTest(async (mock) => {
        const work = await dataFrom(mock, myWorkApi.endpoints.getMyWork, undefined);
        expect(work.groups).toEqual([]);
      }));
});
