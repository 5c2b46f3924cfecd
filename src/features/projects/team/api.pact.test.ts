import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CONTACT_SIDES } from '../../../api/contract/projectContacts';
import { TEAM_MESSAGES, TEAM_ROLES } from '../../../api/contract/projectTeam';
import {
  date,
  fieldErrors,
  nonFieldErrors,
  notFound,
  permissionDenied,
} from '../../../testing/pact/drfShapes';
import { stateId, statePath } from '../../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { oneOf, personShape } from '../../../testing/pact/pollShapes';
import { createPact } from '../../../testing/pact/provider';
import { PROJECT_TEAM_STATES } from '../../../testing/pact/states';
import { projectTeamApi } from './api';

const { eachLike, integer, string } = MatchersV3;

const { adminEdits, portfolioReads } = PROJECT_TEAM_STATES;
/** `/api/projects/{projectId}/team/…` or `…/contacts/…` of the state's project. */
const projectPath = (suffix: string) =>
  statePath(`/api/projects/\${projectId}/${suffix}`, { projectId: 1 });
const memberPath = (name = 'memberId', example = 3) =>
  statePath(`/api/projects/\${projectId}/team/\${${name}}/`, { projectId: 1, [name]: example });
const contactPath = (name = 'contactId', example = 1) =>
  statePath(`/api/projects/\${projectId}/contacts/\${${name}}/`, {
    projectId: 1,
    [name]: example,
  });

const memberShape = (overrides: Record<string, unknown> = {}) => ({
  id: integer(3),
  person: personShape(140, 'Robert Bogisich', 'rbogisich'),
  role: oneOf(TEAM_ROLES, 'developer'),
  allocation: integer(50),
  start_date: date('2026-01-05'),
  end_date: date('2026-06-30'),
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
/** The new member's body: the user the state names. */
const memberBody = (change: { allocation?: number; end_date?: null } = {}) => ({
  ...body(NEW_MEMBER),
  ...change,
  person_id: stateId('personId', NEW_MEMBER.person_id),
});

/** The Team tab's calls (projects/team/api.ts) and the errors the SPA handles. */
describe('project team calls', () => {
  const interaction = interactionsOf(createPact());
  const { getProjectTeam, addTeamMember, updateTeamMember, removeTeamMember } =
    projectTeamApi.endpoints;

  it('GET /api/projects/{id}/team/ lists the members', () =>
    interaction(adminEdits, 'a request for the team of a project')
      .get(projectPath('team/'))
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
    interaction(adminEdits, 'a new member added to the team of a project')
      .post(projectPath('team/'), memberBody())
      .willRespondWith(201, (b) =>
        b.jsonBody(
          memberShape({
            person: { ...personShape(150, 'Nina Novak', 'nnovak'), id: stateId('personId', 150) },
            allocation: integer(50),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const member = await dataFrom(mock, addTeamMember, NEW_MEMBER);
        expect(member.allocation).toBe(50);
      }));

  it('POST …/team/ of a member without an end date answers a null end date', () =>
    interaction(adminEdits, 'a new member without an end date added to the team of a project')
      .post(projectPath('team/'), memberBody({ end_date: null }))
      .willRespondWith(201, (b) =>
        b.jsonBody(
          memberShape({
            person: { ...personShape(150, 'Nina Novak', 'nnovak'), id: stateId('personId', 150) },
            end_date: null,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const member = await dataFrom(mock, addTeamMember, { ...NEW_MEMBER, end_date: null });
        expect(member.end_date).toBeNull();
      }));

  it('POST …/team/ with an allocation above 100 answers 400 on the field', () =>
    interaction(adminEdits, 'a new member with an allocation of 150')
      .post(projectPath('team/'), memberBody({ allocation: 150 }))
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ allocation: 'Ensure this value is less than or equal to 100.' })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, addTeamMember, { ...NEW_MEMBER, allocation: 150 });
        expect(error?.status).toBe(400);
      }));

  it('POST …/team/ without CAN_EDIT_PROJECT_CARD answers 403', () =>
    interaction(portfolioReads, 'a new member added by someone who may not change the team')
      .post(projectPath('team/'), memberBody())
      .willRespondWith(403, (b) => b.jsonBody(permissionDenied()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, addTeamMember, NEW_MEMBER))?.status).toBe(403);
      }));

  it('PATCH /api/projects/{id}/team/{memberId}/ changes role and allocation', () =>
    interaction(adminEdits, 'a team member given another role and allocation')
      .patch(memberPath(), { role: 'architect', allocation: 80 })
      .willRespondWith(200, (b) =>
        b.jsonBody(
          memberShape({
            id: stateId('memberId', 3),
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
    interaction(adminEdits, 'a change of a member the team does not have')
      .patch(memberPath('missingMemberId', 999999), { allocation: 80 })
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
    interaction(adminEdits, 'a member removed from the team of a project')
      .delete(memberPath())
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, removeTeamMember, { projectId: 1, memberId: 3 });
        expect(error).toBeUndefined();
      }));

  it('DELETE …/team/{memberId}/ of the project manager answers 400 non_field_errors', () =>
    interaction(adminEdits, 'the project manager removed from the team of a project')
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
    interaction(portfolioReads, 'a request for the contacts of a project')
      .get(projectPath('contacts/'))
      .willRespondWith(200, (b) => b.jsonBody(eachLike(contactShape())))
      .executeTest(async (mock) => {
        const contacts = await dataFrom(mock, getProjectContacts, 1);
        expect(contacts[0]?.email).toContain('@');
      }));

  it('POST /api/projects/{id}/contacts/ adds a contact', () =>
    interaction(adminEdits, 'a new contact added to a project')
      .post(projectPath('contacts/'), body(NEW_CONTACT))
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
    interaction(adminEdits, 'a new contact with a wrong email address')
      .post(projectPath('contacts/'), { ...body(NEW_CONTACT), email: 'jane.doe' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ email: 'Enter a valid email address.' })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, addContact, { ...NEW_CONTACT, email: 'jane.doe' });
        expect(error?.status).toBe(400);
      }));

  it('POST …/contacts/ without CAN_EDIT_CONTACT answers 403', () =>
    interaction(portfolioReads, 'a new contact added by someone who may not change contacts')
      .post(projectPath('contacts/'), body(NEW_CONTACT))
      .willRespondWith(403, (b) => b.jsonBody(permissionDenied()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, addContact, NEW_CONTACT))?.status).toBe(403);
      }));

  it('PATCH /api/projects/{id}/contacts/{contactId}/ changes a contact', () =>
    interaction(adminEdits, 'a contact given a new position and notes')
      .patch(contactPath(), { position: 'Head of IT', notes: 'Back in January.' })
      .willRespondWith(200, (b) =>
        b.jsonBody(
          contactShape({
            id: stateId('contactId', 1),
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
    interaction(adminEdits, 'a contact of a project deleted')
      .delete(contactPath())
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, deleteContact, { projectId: 1, contactId: 1 });
        expect(error).toBeUndefined();
      }));

  it('DELETE …/contacts/{contactId}/ of an unknown contact answers 404', () =>
    interaction(adminEdits, 'a contact the project does not have deleted')
      .delete(contactPath('missingContactId', 999999))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, deleteContact, { projectId: 1, contactId: 999999 });
        expect(error?.status).toBe(404);
      }));
});
