import type { Faker } from '@faker-js/faker';
import { ACTION_REQUEST_KINDS, type ActionRequest } from '../../../src/api/contract/actionRequests';
import { PERSONAS as personas } from '../../auth/personas';
import type { StoredRisk } from '../risks/model';
import { NEXT_LEVEL } from '../risks/scopes';
import { DAY, iso } from '../checks/seedClock';
import { seeded, type SeedPart } from '../../lib/seed';

/** Risks 1–10 of fixtures/risks.json. */
const CANONICAL_RISKS = 10;

/**
 * Each persona's pending requests number its fixture counter; a few decided ones show history.
 * Every request is about a real open risk or issue of the volume (never a canonical one, whose
 * level the e2e tests rely on); the header count is computed from these, so it follows decisions.
 */
export function buildActionRequests(faker: Faker, risks: StoredRisk[]): ActionRequest[] {
  const people = personas.map(({ userId, name, login }) => ({ id: userId, name, login }));
  // Requests come from people who work on risks, never from a client-side viewer.
  const riskPeople = people.filter((_, index) =>
    personas[index]!.permissions.includes('CAN_VIEW_RISKS'),
  );
  const candidates = risks.filter((risk) => risk.id > CANONICAL_RISKS && risk.status === 'open');
  const requests: ActionRequest[] = [];
  const start = Date.UTC(2026, 9, 1);
  const add = (recipientIndex: number, status: ActionRequest['status']) => {
    const recipient = people[recipientIndex]!;
    const requester = faker.helpers.arrayElement(
      riskPeople.filter((person) => person.id !== recipient.id),
    );
    const kind = faker.helpers.arrayElement(ACTION_REQUEST_KINDS);
    const risk = faker.helpers.arrayElement(
      kind === 'delegation' ? candidates : candidates.filter((r) => NEXT_LEVEL[r.level]),
    );
    const created = start + faker.number.int({ min: 0, max: 50 }) * DAY;
    const id = requests.length + 1;
    requests.push({
      id,
      kind,
      status,
      subject: {
        id: risk.id,
        type: risk.kind,
        title: risk.statement,
        level: risk.level,
        scope_name: risk.scope.name,
      },
      target_level: kind === 'delegation' ? risk.level : NEXT_LEVEL[risk.level]!,
      requested_by: requester,
      recipient,
      comment: faker.helpers.arrayElement([
        'Needs a decision at the next level before the steering committee.',
        'Please take this over; it affects every project of the account.',
        'The mitigation needs budget we do not hold.',
        '',
      ]),
      created_at: iso(created),
      decided_at: status === 'pending' ? null : iso(created + 2 * DAY),
    });
  };
  personas.forEach((persona, index) => {
    for (let n = 0; n < persona.risk_action_requests_counter; n += 1) add(index, 'pending');
    if (persona.risk_action_requests_counter > 0) {
      add(index, 'accepted');
      add(index, 'rejected');
    }
  });
  return requests;
}

/** Draws from the shared faker after the directory's accounts and projects. */
export const notificationsSeed: SeedPart = {
  name: 'notifications',
  after: ['directory', 'risks'],
  build: ({ faker }, built) => ({
    actionRequests: buildActionRequests(faker, seeded(built, 'risks').risks),
  }),
};
