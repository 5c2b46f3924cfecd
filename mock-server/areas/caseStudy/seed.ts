import type { CaseStudiesState, StoredCaseStudy } from './model';
import type { SeedPart } from '../../lib/seed';

const USER = { admin: 1, pm: 2 } as const;

const story = {
  challenge:
    'The client’s order platform went down at every seasonal peak. Releases took a weekend, and no one could say which of the forty services a change would touch.',
  approach:
    'We mapped the services and their owners, moved the builds to one pipeline with contract tests, and released every week behind feature flags. A joint client and company board met every fortnight to agree the next slice.',
  results:
    'Peak traffic three times the previous year’s passed without an outage. Lead time from commit to production fell from 19 days to 2; incidents per release fell by 70%.',
  lessons:
    'Agree the definition of done with the client’s operations team from the first sprint, not the last. Contract tests paid for themselves within two months.',
};

/**
 * A case study in each state on the canonical projects: project 1 published (the client agreed),
 * project 2 in review waiting for the client's answer, project 3 a draft the client declined to
 * see published, project 5 a draft just started. Project 4 and the rest have none.
 */
export function buildCaseStudies(): CaseStudiesState {
  const study = (
    projectId: number,
    fields: Partial<StoredCaseStudy> & Pick<StoredCaseStudy, 'title' | 'state'>,
  ): StoredCaseStudy => ({
    project_id: projectId,
    challenge: '',
    approach: '',
    results: '',
    lessons: '',
    client_quote: '',
    client_quote_by: '',
    publish_permission: 'pending',
    permission_given_by: '',
    permission_given_on: null,
    created_by_id: USER.pm,
    created_at: '2026-09-02T10:00:00.000Z',
    updated_by_id: USER.pm,
    updated_at: '2026-10-20T14:30:00.000Z',
    published_at: null,
    ...fields,
  });
  return {
    caseStudies: [
      study(1, {
        title: 'Peak season without an outage: a weekly release train for an order platform',
        state: 'published',
        ...story,
        client_quote:
          'For the first time our peak season was a non-event. We now ship every week with confidence.',
        client_quote_by: 'Dana Whitfield, CTO of the client',
        publish_permission: 'yes',
        permission_given_by: 'Dana Whitfield, CTO of the client',
        permission_given_on: '2026-10-14',
        updated_by_id: USER.admin,
        published_at: '2026-10-20T14:30:00.000Z',
      }),
      study(2, {
        title: 'From quarterly to weekly releases in a regulated bank',
        state: 'in_review',
        ...story,
        client_quote: 'The audit trail of every release is now a by-product, not a project.',
        client_quote_by: 'Head of Compliance of the client',
      }),
      study(3, {
        title: 'Consolidating four data warehouses into one',
        state: 'draft',
        challenge: story.challenge,
        approach: story.approach,
        publish_permission: 'no',
        permission_given_by: 'Legal department of the client',
        permission_given_on: '2026-10-05',
      }),
      study(5, {
        title: 'A mobile app rebuilt around accessibility',
        state: 'draft',
        challenge: 'The app failed the client’s accessibility audit on 41 points.',
        created_at: '2026-11-10T09:00:00.000Z',
        updated_at: '2026-11-10T09:00:00.000Z',
      }),
    ],
  };
}

export const caseStudySeed: SeedPart = { name: 'caseStudy', build: () => buildCaseStudies() };
