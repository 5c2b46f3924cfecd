import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CONTACT_SIDES } from '../../../api/contract/projectContacts';
import { TEAM_MESSAGES, TEAM_ROLES } from '../../../api/contract/projectTeam';
import {
  fieldErrors,
  nonFieldErrors,
  notFound,
  permissionDenied,
} from '../../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { oneOf, personShape } from '../../../testing/pact/pollShapes';
import { createPact } from '../../../testing/pact/provider';
import { PROJECT_TEAM_STATES } from '../../../testing/pact/states';
import { projectTeamApi } from './api';

const { eachLike, integer, string, regex, fromProviderState } = MatchersV3;

const { adminEdits, portfolioReads } = PROJECT_TEAM_STATES;
const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const idFrom = (name: string, example: number) => fromProviderState(`\${${name}}`, example);
const memberPath = (name = 'memberId', example = 3) =>
  fromProviderState(`/api/projects/1/team/\${${name}}/`, `/api/projects/1/team/${example}/`);
const contactPath = () =>
  fromProviderState('/api/projects/1/contacts/${contactId}/', '/api/projects/1/contacts/1/');

const memberShape = (overrides: Record<string, unknown> = {}) => ({
  id: integer(3),
  person: personShape(140, 'Robert Bogisich', 'rbogisich'),
  role: oneOf(TEAM_ROLES, 'developer'),
  allocation: integer(50),
  start_date: regex(DATE, '2026-01-05'),
  end_date: regex(DATE, '2026-06-30'),
  ...overrides,
});
const contactShape = (overrides: Record<string, unknown> = {}) => ({
  id: integer(1),
  side: oneOf(CONTACT_SIDES, 'client'),
  name: string('Debbie Howe'),
  position: string('Procurement manager'),
  organisation: string('Stanton - Wyman'),
  email: string('debbie.howe@stanton-wyman.example.com'),
  phone: string('+1 555 404 9631'),
  notes: string('Signs off the monthly status report.'),
  ...overrides,
});

const NEW_MEMBER = {
  projectId: 1,
  person_id: 150,
  role: 'developer',
  allocation: 50,
  start_date: '2026-01-05',
  end_date: '2026-06-30',
} as const;
const NEW_CONTACT = {
  projectId: 1,
  side: 'third_party',
  name: 'Jane Doe',
  position: 'Integration lead',
  organisation: 'Acme Integrations',
  email: 'jane.doe@acme.example.com',
  phone: '+44 20 7946 0958',
  notes: '',
} as const;
const body = <T extends { projectId: number }>({ projectId: _project, ...rest }: T) => rest;

/** The Team tab's calls (projects/team/api.ts) and the errors the SPA handles. */
describe('project team calls', () => {
  const interaction = interactionsOf(createPact());
  const { getProjectTeam, addTeamMember, updateTeamMember, removeTeamMember } =
    projectTeamApi.endpoints;

  it('GET /api/projects/{id}/team/ lists the members', () =>
    interaction(adminEdits, 'a request for the team of project 1')
      .get('/api/projects/1/team/')
      .willRespondWith(200, (b) =>
        b.jsonBody(
          eachLike(
            memberShape({
              person: personShape(2, 'Priya Nair', 'pnair'),
              role: oneOf(TEAM_ROLES, 'project_manager'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const members = await dataFrom(mock, getProjectTeam, 1);
        expect(members[0]?.role).toBe('project_manager');
      }));

  it('POST /api/projects/{id}/team/ adds a member', () =>
    interaction(adminEdits, 'a new member added to the team of project 1')
      .post('/api/projects/1/team/', { ...body(NEW_MEMBER), person_id: idFrom('personId', 150) })
      .willRespondWith(201, (b) =>
        b.jsonBody(
          memberShape({
            person: { ...personShape(150, 'Nina Novak', 'nnovak'), id: idFrom('personId', 150) },
            allocation: integer(50),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const member = await dataFrom(mock, addTeamMember, NEW_MEMBER);
        expect(member.allocation).toBe(50);
      }));

  it('POST …/team/ with an allocation above 100 answers 400 on the field', () =>
    interaction(adminEdits, 'a new member with an allocation of 150')
      .post('/api/projects/1/team/', {
        ...body(NEW_MEMBER),
        person_id: idFrom('personId', 150),
        allocation: 150,
      })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ allocation: 'Ensure this value is less than or equal to 100.' })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, addTeamMember, { ...NEW_MEMBER, allocation: 150 });
        expect(error?.status).toBe(400);
      }));

  it('POST …/team/ without CAN_EDIT_PROJECT_CARD answers 403', () =>
    interaction(portfolioReads, 'a new member added by someone who may not change the team')
      .post('/api/projects/1/team/', { ...body(NEW_MEMBER), person_id: idFrom('personId', 150) })
      .willRespondWith(403, (b) => b.jsonBody(permissionDenied()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, addTeamMember, NEW_MEMBER))?.status).toBe(403);
      }));

  it('PATCH /api/projects/{id}/team/{memberId}/ changes role and allocation', () =>
    interaction(adminEdits, 'a member of project 1 given another role and allocation')
      .patch(memberPath(), { role: 'architect', allocation: 80 })
      .willRespondWith(200, (b) =>
        b.jsonBody(
          memberShape({
            id: idFrom('memberId', 3),
            role: oneOf(TEAM_ROLES, 'architect'),
            allocation: integer(80),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const member = await dataFrom(mock, updateTeamMember, {
          projectId: 1,
          memberId: 3,
          role: 'architect',
          allocation: 80,
        });
        expect(member.role).toBe('architect');
      }));

  it('PATCH …/team/{memberId}/ of an unknown member answers 404', () =>
    interaction(adminEdits, 'a change of a member project 1 does not have')
      .patch('/api/projects/1/team/999999/', { allocation: 80 })
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, updateTeamMember, {
          projectId: 1,
          memberId: 999999,
          allocation: 80,
        });
        expect(error?.status).toBe(404);
      }));

  it('DELETE /api/projects/{id}/team/{memberId}/ removes a member', () =>
    interaction(adminEdits, 'a member removed from the team of project 1')
      .delete(memberPath())
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, removeTeamMember, { projectId: 1, memberId: 3 });
        expect(error).toBeUndefined();
      }));

  it('DELETE …/team/{memberId}/ of the project manager answers 400 non_field_errors', () =>
    interaction(adminEdits, 'the project manager removed from the team of project 1')
      .delete(memberPath('managerMemberId', 1))
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(TEAM_MESSAGES.managerRemoved)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, removeTeamMember, { projectId: 1, memberId: 1 });
        expect(error?.status).toBe(400);
      }));
});

/** The Contacts tab's calls (projects/team/api.ts) and the errors the SPA handles. */
describe('project contact calls', () => {
  const interaction = interactionsOf(createPact());
  const { getProjectContacts, addContact, updateContact, deleteContact } = projectTeamApi.endpoints;

  it('GET /api/projects/{id}/contacts/ lists the contacts', () =>
    interaction(portfolioReads, 'a request for the contacts of project 1')
      .get('/api/projects/1/contacts/')
      .willRespondWith(200, (b) => b.jsonBody(eachLike(contactShape())))
      .executeTest(async (mock) => {
        const contacts = await dataFrom(mock, getProjectContacts, 1);
        expect(contacts[0]?.email).toContain('@');
      }));

  it('POST /api/projects/{id}/contacts/ adds a contact', () =>
    interaction(adminEdits, 'a new contact added to project 1')
      .post('/api/projects/1/contacts/', body(NEW_CONTACT))
      .willRespondWith(201, (b) =>
        b.jsonBody(
          contactShape({
            side: oneOf(CONTACT_SIDES, 'third_party'),
            name: string('Jane Doe'),
            email: string('jane.doe@acme.example.com'),
            notes: string(''),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const contact = await dataFrom(mock, addContact, NEW_CONTACT);
        expect(contact.name).toBe('Jane Doe');
      }));

  it('POST …/contacts/ with a wrong email answers 400 on the field', () =>
    interaction(adminEdits, 'a new contact of project 1 with a wrong email address')
      .post('/api/projects/1/contacts/', { ...body(NEW_CONTACT), email: 'jane.doe' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ email: 'Enter a valid email address.' })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, addContact, { ...NEW_CONTACT, email: 'jane.doe' });
        expect(error?.status).toBe(400);
      }));

  it('POST …/contacts/ without CAN_EDIT_CONTACT answers 403', () =>
    interaction(portfolioReads, 'a new contact added by someone who may not change contacts')
      .post('/api/projects/1/contacts/', body(NEW_CONTACT))
      .willRespondWith(403, (b) => b.jsonBody(permissionDenied()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, addContact, NEW_CONTACT))?.status).toBe(403);
      }));

  it('PATCH /api/projects/{id}/contacts/{contactId}/ changes a contact', () =>
    interaction(adminEdits, 'a contact of project 1 given a new position and notes')
      .patch(contactPath(), { position: 'Head of IT', notes: 'Back in January.' })
      .willRespondWith(200, (b) =>
        b.jsonBody(
          contactShape({
            id: idFrom('contactId', 1),
            position: string('Head of IT'),
            notes: string('Back in January.'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const contact = await dataFrom(mock, updateContact, {
          projectId: 1,
          contactId: 1,
          position: 'Head of IT',
          notes: 'Back in January.',
        });
        expect(contact.position).toBe('Head of IT');
      }));

  it('DELETE /api/projects/{id}/contacts/{contactId}/ deletes a contact', () =>
    interaction(adminEdits, 'a contact of project 1 deleted')
      .delete(contactPath())
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, deleteContact, { projectId: 1, contactId: 1 });
        expect(error).toBeUndefined();
      }));

  it('DELETE …/contacts/{contactId}/ of an unknown contact answers 404', () =>
    interaction(adminEdits, 'a contact project 1 does not have deleted')
      .delete('/api/projects/1/contacts/999999/')
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, deleteContact, { projectId: 1, contactId: 999999 });
        expect(error?.status).toBe(404);
      }));
});
