import { formatDate, personLabel } from '../../../src/api/contract/display';
import {
  LICENCE_TYPE_LABELS,
  LICENCE_TYPES,
  TOOL_CATEGORIES,
  TOOL_CATEGORY_LABELS,
  TOOL_DUPLICATE,
  TOOL_LIMITS,
  TOOLS_EDIT_FLAG,
  TOOLS_VIEW_FLAG,
} from '../../../src/api/contract/tools';
import type { Area } from '../../lib/area';
import { cardAccess, projectRecord, requireFlags } from '../../lib/cardAccess';
import { nowIso } from '../../lib/clock';
import {
  choiceField,
  FieldErrors,
  optionalText,
  patchedFields,
  requiredText,
  userField,
} from '../../lib/drf';
import { booleanField, nullableDateField } from '../../lib/drfFields';
import { created, json, noContent, type MockRequest } from '../../lib/http';
import { route } from '../../lib/routes';
import { recordProjectChange } from '../projects/model';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { isDuplicate, projectTools, toTool, type StoredTool } from './model';
import { personOf } from '../../lib/people';
import { nextId } from '../../lib/ids';
import { toolsSeed } from './seed';

const SECTION = 'Tools register';

type Editable =
  | 'name'
  | 'category'
  | 'version'
  | 'licence_type'
  | 'licence_expiry'
  | 'owner_id'
  | 'approved'
  | 'notes';
const EDITABLE: readonly Editable[] = [
  'name',
  'category',
  'version',
  'licence_type',
  'licence_expiry',
  'owner_id',
  'approved',
  'notes',
];
const FIELD_LABELS: Record<Editable, string> = {
  name: 'name',
  category: 'category',
  version: 'version',
  licence_type: 'licence type',
  licence_expiry: 'licence expiry',
  owner_id: 'owner',
  approved: 'approved',
  notes: 'notes',
};

/** A field's value as History shows it. */
function shown(state: MockState, field: Editable, value: unknown): string {
  switch (field) {
    case 'owner_id':
      return personLabel(personOf(state, value as number));
    case 'licence_expiry':
      return value === null ? 'No expiry' : formatDate(value as string);
    case 'category':
      return TOOL_CATEGORY_LABELS[value as StoredTool['category']];
    case 'licence_type':
      return LICENCE_TYPE_LABELS[value as StoredTool['licence_type']];
    case 'approved':
      return value ? 'Yes' : 'No';
    default:
      return value as string;
  }
}

/** A tool as History names it: 'GitLab 17.5'. */
const nameOf = (tool: Pick<StoredTool, 'name' | 'version'>) =>
  tool.version ? `${tool.name} ${tool.version}` : tool.name;

/** One line of History for a whole tool. */
const summary = (state: MockState, tool: StoredTool) =>
  `${nameOf(tool)} (${TOOL_CATEGORY_LABELS[tool.category]}, ${LICENCE_TYPE_LABELS[tool.licence_type]}, ${
    tool.licence_expiry ? `expires ${formatDate(tool.licence_expiry)}` : 'no expiry'
  }, owner ${personLabel(personOf(state, tool.owner_id))}, ${tool.approved ? 'approved' : 'not approved'})`;

/**
 * The Tools register of a project (the SPA's features/projects/tools): `GET
 * /api/projects/{id}/tools/` (CAN_VIEW_TOOLS_REGISTER), `POST` there and `PATCH|DELETE …/{tid}/`
 * (CAN_EDIT_TECH_REGISTER). Every change goes to the card's History under 'Tools register'.
 */
export const tools: Area = {
  feature: 'projects/tools',
  seed: [toolsSeed],
  routes: ({ db }) => {
    const BASE = '/projects/:id/tools/';
    /** The tool of `:tid` in the project (404), then the edit flag (403). */
    const editedTool = (req: MockRequest) => {
      const { projectId, persona } = cardAccess(db, req);
      const tool = projectRecord(db.getState().tools, projectId, req.params.tid);
      requireFlags(persona, TOOLS_EDIT_FLAG);
      return { projectId, persona, tool };
    };

    return [
      route.get(BASE, (req) => {
        const { projectId } = cardAccess(db, req, TOOLS_VIEW_FLAG);
        return json(projectTools(db.getState(), projectId));
      }),

      route.post(BASE, (req) => {
        const { body } = req;
        const { projectId, persona } = cardAccess(db, req, TOOLS_EDIT_FLAG);
        const errors = new FieldErrors();
        const state = db.getState();
        const name = requiredText(errors, body, 'name', TOOL_LIMITS.name);
        const category = choiceField(errors, body, 'category', TOOL_CATEGORIES);
        const version = optionalText(errors, body, 'version', TOOL_LIMITS.version).trim();
        const licenceType = choiceField(errors, body, 'licence_type', LICENCE_TYPES);
        const expiry = nullableDateField(errors, body, 'licence_expiry');
        const ownerId = userField(errors, state, body, 'owner_id');
        const approved = booleanField(errors, body, 'approved');
        const notes = optionalText(errors, body, 'notes', TOOL_LIMITS.notes).trim();
        if (errors.isEmpty && isDuplicate(state, projectId, name, version))
          errors.add('name', TOOL_DUPLICATE);
        errors.refuseIfAny();
        let added: StoredTool | undefined;
        mutate(db, (draft) => {
          const now = nowIso();
          added = {
            id: nextId(draft.tools),
            project_id: projectId,
            name: name.trim(),
            category: category!,
            version,
            licence_type: licenceType!,
            licence_expiry: expiry,
            owner_id: ownerId,
            approved,
            notes,
            created_at: now,
            updated_at: now,
          };
          draft.tools.push(added);
          recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
            section: SECTION,
            field: 'Tool',
            old_value: '',
            new_value: summary(draft, added),
          });
        });
        return created(toTool(db.getState(), added!));
      }),

      route.patch(`${BASE}:tid/`, (req) => {
        const { body } = req;
        const { projectId, persona, tool } = editedTool(req);
        const errors = new FieldErrors();
        const fields = patchedFields(errors, body, EDITABLE);
        const state = db.getState();
        const next: Partial<Pick<StoredTool, Editable>> = {};
        if ('name' in body) next.name = requiredText(errors, body, 'name', TOOL_LIMITS.name).trim();
        if ('category' in body)
          next.category = choiceField(errors, body, 'category', TOOL_CATEGORIES) ?? tool.category;
        if ('version' in body)
          next.version = optionalText(errors, body, 'version', TOOL_LIMITS.version).trim();
        if ('licence_type' in body)
          next.licence_type =
            choiceField(errors, body, 'licence_type', LICENCE_TYPES) ?? tool.licence_type;
        if ('licence_expiry' in body)
          next.licence_expiry = nullableDateField(errors, body, 'licence_expiry');
        if ('owner_id' in body) next.owner_id = userField(errors, state, body, 'owner_id');
        if ('approved' in body) next.approved = booleanField(errors, body, 'approved');
        if ('notes' in body)
          next.notes = optionalText(errors, body, 'notes', TOOL_LIMITS.notes).trim();
        if (
          errors.isEmpty &&
          isDuplicate(
            state,
            projectId,
            next.name ?? tool.name,
            next.version ?? tool.version,
            tool.id,
          )
        )
          errors.add('name', TOOL_DUPLICATE);
        errors.refuseIfAny();
        mutate(db, (draft) => {
          const stored = draft.tools.find((candidate) => candidate.id === tool.id)!;
          const changed = fields.filter((field) => field in next && next[field] !== stored[field]);
          if (changed.length === 0) return false;
          for (const field of changed)
            recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
              section: SECTION,
              field: `${nameOf(stored)}: ${FIELD_LABELS[field]}`,
              old_value: shown(draft, field, stored[field]),
              new_value: shown(draft, field, next[field]),
            });
          Object.assign(stored, next, { updated_at: nowIso() });
          return true;
        });
        const saved = db.getState().tools.find((candidate) => candidate.id === tool.id)!;
        return json(toTool(db.getState(), saved));
      }),

      route.delete(`${BASE}:tid/`, (req) => {
        const { projectId, persona, tool } = editedTool(req);
        mutate(db, (draft) => {
          draft.tools = draft.tools.filter((candidate) => candidate.id !== tool.id);
          recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
            section: SECTION,
            field: 'Tool',
            old_value: summary(draft, tool),
            new_value: '',
          });
        });
        return noContent();
      }),
    ];
  },
};
