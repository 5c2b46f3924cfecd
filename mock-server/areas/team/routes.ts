import { formatDate, personLabel } from '../../../src/api/contract/display';
import {
  ALLOCATION_MAX,
  ALLOCATION_MIN,
  MANAGER_ROLE,
  TEAM_EDIT_FLAG,
  TEAM_MESSAGES,
  TEAM_ROLES,
  TEAM_ROLE_LABELS,
  TEAM_VIEW_FLAG,
  type TeamRole,
} from '../../../src/api/contract/projectTeam';
import type { Area } from '../../lib/area';
import { cardAccess, projectRecord } from '../../lib/cardAccess';
import { dateField, FieldErrors, REQUIRED, userField } from '../../lib/drf';
import { created, json, noContent, ruleBroken, type MockRequest } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { personOf } from '../../lib/people';
import { requiredChoice } from '../../lib/requiredChoice';
import { route } from '../../lib/routes';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { recordProjectChange } from '../projects/model';
import { contactRoutes } from './contacts';
import { managerIdOf, membersOf, toTeamMember, type StoredTeamMember } from './model';
import { teamSeed } from './seed';

const SECTION = 'Team';

/** DRF's IntegerField with min_value and max_value. */
function allocationField(errors: FieldErrors, body: Record<string, unknown>): number {
  const value = body.allocation;
  if (value === undefined || value === null || value === '') {
    errors.add('allocation', REQUIRED);
    return 0;
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    errors.add('allocation', 'A valid integer is required.');
    return 0;
  }
  if (value < ALLOCATION_MIN)
    errors.add('allocation', `Ensure this value is greater than or equal to ${ALLOCATION_MIN}.`);
  else if (value > ALLOCATION_MAX)
    errors.add('allocation', `Ensure this value is less than or equal to ${ALLOCATION_MAX}.`);
  return value;
}

/** An optional `yyyy-MM-dd` date: null when left out or empty. */
function optionalDate(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
): string | null {
  const value = body[field];
  if (value === undefined || value === null || value === '') return null;
  return dateField(errors, body, field) || null;
}

/** The role rule: 'Project manager' belongs to the CRM's manager, who keeps it. */
function checkRole(errors: FieldErrors, role: TeamRole | undefined, isManager: boolean) {
  if (!role) return;
  if (isManager && role !== MANAGER_ROLE) errors.add('role', TEAM_MESSAGES.managerRoleKept);
  else if (!isManager && role === MANAGER_ROLE) errors.add('role', TEAM_MESSAGES.managerRole);
}

const checkDates = (errors: FieldErrors, start: string, end: string | null) => {
  if (start && end && end < start) errors.add('end_date', TEAM_MESSAGES.endBeforeStart);
};

/** What the History shows of a member: 'Jane Doe (jdoe): Developer, 50%, from 01/05/2026'. */
function memberSummary(state: MockState, member: StoredTeamMember): string {
  const dates = member.end_date
    ? `${formatDate(member.start_date)} – ${formatDate(member.end_date)}`
    : `from ${formatDate(member.start_date)}`;
  return `${personLabel(personOf(state, member.person_id))}: ${TEAM_ROLE_LABELS[member.role]}, ${member.allocation}%, ${dates}`;
}

/**
 * The project's team: `GET|POST /api/projects/{id}/team/` and
 * `PATCH|DELETE /api/projects/{id}/team/{memberId}/`. Reading needs CAN_VIEW_TEAM, changing
 * CAN_EDIT_PROJECT_CARD; every change enters the card's History (section 'Team'). The project's
 * contacts are the same tab's (contacts.ts).
 */
export const team: Area = {
  feature: 'projects/team',
  seed: [teamSeed],
  routes: ({ db }) => {
    const TEAM = '/projects/:id/team/';
    const MEMBER = '/projects/:id/team/:memberId/';

    /** The member of the path, checked for a change. */
    const memberAccess = (req: MockRequest) => {
      const found = cardAccess(db, req, TEAM_EDIT_FLAG);
      const member = projectRecord(
        found.state.projectMembers,
        found.projectId,
        req.params.memberId,
      );
      return { ...found, member };
    };

    return [
      route.get(TEAM, (req) => {
        const { state, projectId } = cardAccess(db, req, TEAM_VIEW_FLAG);
        return json(
          membersOf(state, projectId)
            .map((member) => toTeamMember(state, member))
            .sort(
              (a, b) =>
                TEAM_ROLES.indexOf(a.role) - TEAM_ROLES.indexOf(b.role) ||
                a.person.name.localeCompare(b.person.name) ||
                a.id - b.id,
            ),
        );
      }),

      route.post(TEAM, (req) => {
        const { state, persona, projectId } = cardAccess(db, req, TEAM_EDIT_FLAG);
        const { body } = req;
        const errors = new FieldErrors();
        const personId = userField(errors, state, body, 'person_id');
        if (personId && membersOf(state, projectId).some((member) => member.person_id === personId))
          errors.add('person_id', TEAM_MESSAGES.alreadyMember);
        const role = requiredChoice(errors, body, 'role', TEAM_ROLES);
        checkRole(errors, role, personId !== 0 && personId === managerIdOf(state, projectId));
        const allocation = allocationField(errors, body);
        const start = dateField(errors, body, 'start_date');
        const end = optionalDate(errors, body, 'end_date');
        checkDates(errors, start, end);
        errors.refuseIfAny();
        const member: StoredTeamMember = {
          id: nextId(state.projectMembers),
          project_id: projectId,
          person_id: personId,
          role: role!,
          allocation,
          start_date: start,
          end_date: end,
        };
        mutate(db, (current) => {
          current.projectMembers.push(member);
          recordProjectChange(current, projectId, personOf(current, persona.userId), {
            section: SECTION,
            field: 'Member',
            old_value: '',
            new_value: memberSummary(current, member),
          });
        });
        return created(toTeamMember(db.getState(), member));
      }),

      route.patch(MEMBER, (req) => {
        const { state, persona, projectId, member } = memberAccess(req);
        const { body } = req;
        const errors = new FieldErrors();
        if ('person_id' in body)
          errors.add(
            'person_id',
            'The person of a member cannot be changed: remove the member and add the other person.',
          );
        const role =
          'role' in body ? requiredChoice(errors, body, 'role', TEAM_ROLES) : member.role;
        checkRole(errors, role, member.person_id === managerIdOf(state, projectId));
        const allocation = 'allocation' in body ? allocationField(errors, body) : member.allocation;
        const start =
          'start_date' in body ? dateField(errors, body, 'start_date') : member.start_date;
        const end = 'end_date' in body ? optionalDate(errors, body, 'end_date') : member.end_date;
        checkDates(errors, start, end);
        errors.refuseIfAny();
        const next = { role: role!, allocation, start_date: start, end_date: end };
        mutate(db, (current) => {
          const who = personLabel(personOf(current, member.person_id));
          const by = personOf(current, persona.userId);
          const changes: [string, string, string][] = [
            [`Role of ${who}`, TEAM_ROLE_LABELS[member.role], TEAM_ROLE_LABELS[next.role]],
            [`Allocation of ${who}`, `${member.allocation}%`, `${next.allocation}%`],
            [`Start date of ${who}`, formatDate(member.start_date), formatDate(next.start_date)],
            [
              `End date of ${who}`,
              member.end_date ? formatDate(member.end_date) : '',
              next.end_date ? formatDate(next.end_date) : '',
            ],
          ];
          const changed = changes.filter(([, before, after]) => before !== after);
          if (changed.length === 0) return false;
          for (const [field, old_value, new_value] of changed)
            recordProjectChange(current, projectId, by, {
              section: SECTION,
              field,
              old_value,
              new_value,
            });
          Object.assign(member, next);
        });
        return json(toTeamMember(db.getState(), member));
      }),

      route.delete(MEMBER, (req) => {
        const { state, persona, projectId, member } = memberAccess(req);
        if (member.person_id === managerIdOf(state, projectId))
          ruleBroken(TEAM_MESSAGES.managerRemoved);
        mutate(db, (current) => {
          current.projectMembers = current.projectMembers.filter(
            (candidate) => candidate.id !== member.id,
          );
          recordProjectChange(current, projectId, personOf(current, persona.userId), {
            section: SECTION,
            field: 'Member',
            old_value: memberSummary(current, member),
            new_value: '',
          });
        });
        return noContent();
      }),

      ...contactRoutes(db),
    ];
  },
};
