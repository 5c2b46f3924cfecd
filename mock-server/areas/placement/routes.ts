import { formatDate } from '../../../src/api/contract/display';
import {
  DEPENDENCY_DIRECTIONS,
  DEPENDENCY_LIMITS,
  DEPENDENCY_TYPE_LABELS,
  DEPENDENCY_TYPES,
  PLACEMENT_EDIT_FLAG,
  PLACEMENT_MESSAGES,
  PLACEMENT_SECTION,
  projectName,
  type DependencyType,
} from '../../../src/api/contract/placement';
import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type { Area } from '../../lib/area';
import { cardAccess, requireFlags } from '../../lib/cardAccess';
import { nowIso } from '../../lib/clock';
import { choiceField, FieldErrors, optionalText, primaryKey } from '../../lib/drf';
import { nullableDateField } from '../../lib/drfFields';
import { created, json, noContent, notFound } from '../../lib/http';
import { route } from '../../lib/routes';
import {
  ancestorsOf,
  dependencySummary,
  placementOf,
  programmeCatalogue,
  projectLink,
  projectPlacement,
  relatedIds,
  toDependency,
  type StoredDependency,
} from './model';
import { detailsOf, recordProjectChange } from '../projects/model';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { PROJECT_CARD_FLAG } from '../../../src/api/contract/projects';
import { nextId } from '../../lib/ids';
import { placementSeed } from './seed';

const projectExists = (state: MockState) => (id: number) => detailsOf(state, id) !== undefined;

/** Unknown keys of a body: DRF would ignore them; the mock says so, as the other card tabs do. */
function onlyKnown(errors: FieldErrors, body: Record<string, unknown>, known: readonly string[]) {
  for (const key of Object.keys(body))
    if (!known.includes(key)) errors.add(key, 'This field cannot be changed here.');
}

const nameOf = (state: MockState, id: number | null) => {
  if (id === null) return '';
  const link = projectLink(state, id);
  return link ? projectName(link) : '';
};

/**
 * The card's Project portfolio tab: `GET /api/programmes/`, `GET|PATCH
 * /api/projects/{id}/placement/` (programme and parent), `POST …/related-projects/`, `DELETE
 * …/related-projects/{otherId}/`, `POST …/dependencies/` and `PATCH|DELETE …/dependencies/{did}/`.
 * Reading needs the card's flag, every write CAN_EDIT_PROJECT_CARD; each change goes to the
 * card's History under 'Project portfolio', a relation or a dependency on both projects.
 */
export const placement: Area = {
  feature: 'projects/placement',
  seed: [placementSeed],
  routes: ({ db }) => {
    const BASE = '/projects/:id/';

    const record = (
      state: MockState,
      projectId: number,
      by: PersonRef,
      field: string,
      oldValue: string,
      newValue: string,
    ) =>
      recordProjectChange(state, projectId, by, {
        section: PLACEMENT_SECTION,
        field,
        old_value: oldValue,
        new_value: newValue,
      });

    const dependencyOf = (projectId: number, rawId: unknown) => {
      const id = Number(rawId);
      const found = db
        .getState()
        .projectDependencies.find(
          (candidate) =>
            candidate.id === id &&
            (candidate.from_project_id === projectId || candidate.to_project_id === projectId),
        );
      return found ?? notFound();
    };

    const isDuplicate = (
      state: MockState,
      from: number,
      to: number,
      type: DependencyType,
      except?: number,
    ) =>
      state.projectDependencies.some(
        (dep) =>
          dep.id !== except &&
          dep.from_project_id === from &&
          dep.to_project_id === to &&
          dep.type === type,
      );

    /** Both ends of a dependency hear of a change, each from its own side. */
    const recordBoth = (
      draft: MockState,
      dep: StoredDependency,
      by: PersonRef,
      line: (projectId: number) => [field: string, oldValue: string, newValue: string],
    ) => {
      for (const end of [dep.from_project_id, dep.to_project_id])
        record(draft, end, by, ...line(end));
    };

    const EDITABLE = ['type', 'note', 'due_date'] as const;
    const FIELD_LABELS = { type: 'type', note: 'note', due_date: 'due date' } as const;
    const shown = (field: (typeof EDITABLE)[number], value: unknown) =>
      field === 'type'
        ? DEPENDENCY_TYPE_LABELS[value as DependencyType]
        : field === 'due_date'
          ? value
            ? formatDate(value as string)
            : 'No due date'
          : String(value);

    return [
      route.get('/programmes/', (req) => {
        requireFlags(req.auth.persona, PROJECT_CARD_FLAG);
        return json(programmeCatalogue(db.getState()));
      }),

      route.get(`${BASE}placement/`, (req) => {
        const access = cardAccess(db, req);
        return json(projectPlacement(access.state, access.projectId));
      }),

      route.patch(`${BASE}placement/`, (req) => {
        const access = cardAccess(db, req, PLACEMENT_EDIT_FLAG);
        const { state, projectId, by } = access;
        const { body } = req;
        const errors = new FieldErrors();
        onlyKnown(errors, body, ['programme_id', 'parent_id']);
        if (!('programme_id' in body) && !('parent_id' in body) && errors.isEmpty)
          errors.add('non_field_errors', 'Nothing to change.');
        const project = state.projects.find((candidate) => candidate.id === projectId)!;
        let programmeId: number | null | undefined;
        if ('programme_id' in body) {
          programmeId = primaryKey(
            errors,
            body,
            'programme_id',
            (id) => state.programmes.some((programme) => programme.id === id),
            { allowNull: true },
          );
          const programme = state.programmes.find((candidate) => candidate.id === programmeId);
          if (programme && programme.account_id !== project.account_id)
            errors.add('programme_id', PLACEMENT_MESSAGES.programmeAccount);
        }
        let parentId: number | null | undefined;
        if ('parent_id' in body) {
          parentId = primaryKey(errors, body, 'parent_id', projectExists(state), {
            allowNull: true,
          });
          if (parentId === projectId) errors.add('parent_id', PLACEMENT_MESSAGES.ownParent);
          else if (parentId !== null && ancestorsOf(state, parentId).includes(projectId))
            errors.add('parent_id', PLACEMENT_MESSAGES.parentCycle);
        }
        errors.refuseIfAny();
        mutate(db, (draft) => {
          let stored = placementOf(draft, projectId);
          const before = {
            programme: stored?.programme_id ?? null,
            parent: stored?.parent_id ?? null,
          };
          const after = {
            programme: programmeId === undefined ? before.programme : programmeId,
            parent: parentId === undefined ? before.parent : parentId,
          };
          if (before.programme === after.programme && before.parent === after.parent) return false;
          if (!stored) {
            stored = { project_id: projectId, programme_id: null, parent_id: null };
            draft.projectPlacements.push(stored);
          }
          const programmeName = (id: number | null) =>
            draft.programmes.find((programme) => programme.id === id)?.name ?? '';
          if (before.programme !== after.programme)
            record(
              draft,
              projectId,
              by,
              'Programme',
              programmeName(before.programme),
              programmeName(after.programme),
            );
          if (before.parent !== after.parent) {
            record(
              draft,
              projectId,
              by,
              'Parent project',
              nameOf(draft, before.parent),
              nameOf(draft, after.parent),
            );
            // The parents' cards say so too: one loses a sub-project, the other gains it.
            const name = nameOf(draft, projectId);
            if (before.parent !== null) record(draft, before.parent, by, 'Sub-project', name, '');
            if (after.parent !== null) record(draft, after.parent, by, 'Sub-project', '', name);
          }
          stored.programme_id = after.programme;
          stored.parent_id = after.parent;
          return true;
        });
        return json(projectPlacement(db.getState(), projectId));
      }),

      route.post(`${BASE}related-projects/`, (req) => {
        const access = cardAccess(db, req, PLACEMENT_EDIT_FLAG);
        const { state, projectId, by } = access;
        const { body } = req;
        const errors = new FieldErrors();
        const otherId = primaryKey(errors, body, 'project_id', projectExists(state));
        if (otherId === projectId) errors.add('project_id', PLACEMENT_MESSAGES.ownRelated);
        else if (otherId !== null && relatedIds(state, projectId).includes(otherId))
          errors.add('project_id', PLACEMENT_MESSAGES.alreadyRelated);
        errors.refuseIfAny();
        const other = otherId!;
        mutate(db, (draft) => {
          draft.projectRelations.push({
            id: nextId(draft.projectRelations),
            project_ids: projectId < other ? [projectId, other] : [other, projectId],
          });
          record(draft, projectId, by, 'Related project', '', nameOf(draft, other));
          record(draft, other, by, 'Related project', '', nameOf(draft, projectId));
        });
        return created(projectLink(db.getState(), other));
      }),

      route.delete(`${BASE}related-projects/:other/`, (req) => {
        const access = cardAccess(db, req);
        const { state, projectId, by } = access;
        const otherId = Number(req.params.other);
        const relation = state.projectRelations.find(
          (candidate) =>
            candidate.project_ids.includes(projectId) && candidate.project_ids.includes(otherId),
        );
        if (!relation || otherId === projectId) notFound();
        requireFlags(access.persona, PLACEMENT_EDIT_FLAG);
        mutate(db, (draft) => {
          draft.projectRelations = draft.projectRelations.filter(
            (candidate) => candidate.id !== relation.id,
          );
          record(draft, projectId, by, 'Related project', nameOf(draft, otherId), '');
          record(draft, otherId, by, 'Related project', nameOf(draft, projectId), '');
        });
        return noContent();
      }),

      route.post(`${BASE}dependencies/`, (req) => {
        const access = cardAccess(db, req, PLACEMENT_EDIT_FLAG);
        const { state, projectId, by } = access;
        const { body } = req;
        const errors = new FieldErrors();
        const direction = choiceField(errors, body, 'direction', DEPENDENCY_DIRECTIONS);
        const otherId = primaryKey(errors, body, 'project_id', projectExists(state));
        const type = choiceField(errors, body, 'type', DEPENDENCY_TYPES);
        const note = optionalText(errors, body, 'note', DEPENDENCY_LIMITS.note).trim();
        const dueDate = nullableDateField(errors, body, 'due_date');
        if (otherId === projectId) errors.add('project_id', PLACEMENT_MESSAGES.ownDependency);
        const [from, to] =
          direction === 'depended_on_by' ? [otherId!, projectId] : [projectId, otherId!];
        if (errors.isEmpty && isDuplicate(state, from, to, type!))
          errors.add('project_id', PLACEMENT_MESSAGES.duplicateDependency);
        errors.refuseIfAny();
        let added: StoredDependency | undefined;
        mutate(db, (draft) => {
          const now = nowIso();
          added = {
            id: nextId(draft.projectDependencies),
            from_project_id: from,
            to_project_id: to,
            type: type!,
            note,
            due_date: dueDate,
            created_at: now,
            updated_at: now,
          };
          draft.projectDependencies.push(added);
          recordBoth(draft, added, by, (end) => [
            'Dependency',
            '',
            dependencySummary(draft, added!, end),
          ]);
        });
        return created(toDependency(db.getState(), added!, projectId));
      }),

      route.patch(`${BASE}dependencies/:did/`, (req) => {
        const access = cardAccess(db, req);
        const { projectId, by } = access;
        const dep = dependencyOf(projectId, req.params.did);
        requireFlags(access.persona, PLACEMENT_EDIT_FLAG);
        const { body } = req;
        const errors = new FieldErrors();
        onlyKnown(errors, body, EDITABLE);
        const fields = EDITABLE.filter((field) => field in body);
        if (fields.length === 0 && errors.isEmpty)
          errors.add('non_field_errors', 'Nothing to change.');
        const next: Partial<Pick<StoredDependency, (typeof EDITABLE)[number]>> = {};
        if ('type' in body)
          next.type = choiceField(errors, body, 'type', DEPENDENCY_TYPES) ?? dep.type;
        if ('note' in body)
          next.note = optionalText(errors, body, 'note', DEPENDENCY_LIMITS.note).trim();
        if ('due_date' in body) next.due_date = nullableDateField(errors, body, 'due_date');
        if (
          errors.isEmpty &&
          next.type !== undefined &&
          isDuplicate(db.getState(), dep.from_project_id, dep.to_project_id, next.type, dep.id)
        )
          errors.add('type', PLACEMENT_MESSAGES.duplicateDependency);
        errors.refuseIfAny();
        mutate(db, (draft) => {
          const stored = draft.projectDependencies.find((candidate) => candidate.id === dep.id)!;
          const changed = fields.filter((field) => next[field] !== stored[field]);
          if (changed.length === 0) return false;
          for (const field of changed)
            recordBoth(draft, stored, by, (end) => {
              const label =
                end === stored.from_project_id
                  ? `Dependency on ${nameOf(draft, stored.to_project_id)}`
                  : `Dependency of ${nameOf(draft, stored.from_project_id)}`;
              return [
                `${label}: ${FIELD_LABELS[field]}`,
                shown(field, stored[field]),
                shown(field, next[field]),
              ];
            });
          Object.assign(stored, next, { updated_at: nowIso() });
          return true;
        });
        const saved = db
          .getState()
          .projectDependencies.find((candidate) => candidate.id === dep.id)!;
        return json(toDependency(db.getState(), saved, projectId));
      }),

      route.delete(`${BASE}dependencies/:did/`, (req) => {
        const access = cardAccess(db, req);
        const dep = dependencyOf(access.projectId, req.params.did);
        requireFlags(access.persona, PLACEMENT_EDIT_FLAG);
        mutate(db, (draft) => {
          recordBoth(draft, dep, access.by, (end) => [
            'Dependency',
            dependencySummary(draft, dep, end),
            '',
          ]);
          draft.projectDependencies = draft.projectDependencies.filter(
            (candidate) => candidate.id !== dep.id,
          );
        });
        return noContent();
      }),
    ];
  },
};
