import {
  PROJECT_CARD_FLAG,
  PROJECT_PATCH_FLAGS,
  PROJECT_TEXT_LIMITS,
  type ProjectHistoryEntry,
  type ProjectPatch,
} from '../../../src/api/contract/projects';
import type { Persona } from '../../auth/personas';
import type { Area } from '../../lib/area';
import { cardAccess, requireFlags } from '../../lib/cardAccess';
import {
  FieldErrors,
  NOT_CHANGEABLE,
  NOT_NULL,
  NOTHING_TO_CHANGE,
  notText,
  textValue,
  TOO_LONG,
} from '../../lib/drf';
import { projectFileBody } from '../../lib/files';
import { forbidden, json, notFound, type MockAnswer } from '../../lib/http';
import { route } from '../../lib/routes';
import { mutate } from '../../store/db';
import { buildPortfolio, detailsOf, projectDetail, recordProjectChange } from './model';
import { projectVolumeOf } from './volume';
import { projectsSeed } from './seed';

const FIELD_LABELS: Record<keyof ProjectPatch, string> = {
  description: 'Description',
  expert_description: 'Expert description',
  exclude_from_kpi: 'Excluded from KPI',
  ada: 'ADA',
};

/** The fields the CRM owns: changed there, never here. */
const CRM_FIELDS = ['name', 'code', 'account', 'manager'];

const shown = (value: unknown) =>
  typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value ?? '');

/**
 * The portfolio and the card's own facts: `GET /api/portfolio/`, `GET|PATCH /api/projects/{id}/`
 * and `GET /api/projects/{id}/history/`. Reading needs CAN_VIEW_PROJECT_CARD; each patched field
 * its own flag (PROJECT_PATCH_FLAGS).
 */
export const projects: Area = {
  feature: 'projects',
  seed: [projectsSeed],
  routes: ({ db, signer: signerOf, volume }) => {
    const signer = signerOf('project-files');
    const extraProjects = projectVolumeOf(db, volume.projects);
    const detailFor = (persona: Persona, id: number) =>
      projectDetail(db.getState(), id, (file) => projectFileBody(signer, file, persona.userId)) ??
      notFound();

    return [
      route.get('/portfolio/', (req): MockAnswer => {
        requireFlags(req.auth.persona, PROJECT_CARD_FLAG);
        // One portfolio for everyone holding the flag: built and serialised once per version of
        // the state (5 000 projects on the bench).
        const text = db.memo('portfolio', (state) =>
          JSON.stringify(buildPortfolio(state, extraProjects(state))),
        );
        return {
          status: 200,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          bytes: new TextEncoder().encode(text),
        };
      }),

      route.get('/projects/:id/', (req) => {
        const { persona, projectId } = cardAccess(db, req);
        return json(detailFor(persona, projectId));
      }),

      route.patch('/projects/:id/', (req) => {
        const { persona, projectId, by } = cardAccess(db, req);
        const { body } = req;
        const fields = (Object.keys(PROJECT_PATCH_FLAGS) as (keyof ProjectPatch)[]).filter(
          (field) => field in body,
        );
        const unknown = Object.keys(body).filter((key) => !(key in PROJECT_PATCH_FLAGS));
        const errors = new FieldErrors();
        // The values as the serializer reads them (a number sent for a text is its text).
        const changes: Partial<Record<keyof ProjectPatch, unknown>> = {};
        for (const key of unknown)
          errors.add(
            key,
            CRM_FIELDS.includes(key)
              ? 'This field is read-only: it comes from the CRM and is changed there.'
              : NOT_CHANGEABLE,
          );
        for (const field of fields) {
          const flag = PROJECT_PATCH_FLAGS[field];
          if (!persona.permissions.includes(flag))
            forbidden(`You do not have permission to change "${field}" (${flag}).`);
          const value = body[field];
          if (field === 'description' || field === 'expert_description') {
            const text = textValue(value);
            if (text === undefined) errors.add(field, notText(value));
            else if (text.length > PROJECT_TEXT_LIMITS[field])
              errors.add(field, TOO_LONG(PROJECT_TEXT_LIMITS[field]));
            else changes[field] = text;
          } else if (typeof value !== 'boolean')
            errors.add(field, value === null ? NOT_NULL : 'Must be a valid boolean.');
          else changes[field] = value;
        }
        if (fields.length === 0 && unknown.length === 0)
          errors.add('non_field_errors', NOTHING_TO_CHANGE);
        errors.refuseIfAny();
        mutate(db, (state) => {
          const details = detailsOf(state, projectId)!;
          let changed = false;
          for (const field of fields) {
            const before = details[field];
            const after = changes[field] as never;
            if (before === after) continue;
            (details as unknown as Record<string, unknown>)[field] = after;
            changed = true;
            recordProjectChange(state, projectId, by, {
              section:
                field === 'exclude_from_kpi' || field === 'ada' ? 'Flags' : 'Project overview',
              field: FIELD_LABELS[field],
              old_value: shown(before),
              new_value: shown(after),
            });
          }
          return changed;
        });
        return json(detailFor(persona, projectId));
      }),

      route.get('/projects/:id/history/', (req) => {
        const { state, projectId } = cardAccess(db, req);
        const entries: ProjectHistoryEntry[] = state.projectHistory
          .filter((entry) => entry.project_id === projectId)
          .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
          .map(({ project_id: _project, ...entry }) => entry);
        return json(entries);
      }),
    ];
  },
};
