import { Router } from 'express';
import type { ProjectHistoryEntry, ProjectPatch } from '../../../src/api/contract/projects';
import {
  PROJECT_CARD_FLAG,
  PROJECT_PATCH_FLAGS,
  PROJECT_TEXT_LIMITS,
} from '../../../src/api/contract/projects';
import { authOf } from '../../auth/middleware';
import type { Persona } from '../../auth/personas';
import {
  drf,
  FieldErrors,
  NOT_NULL,
  notText,
  rejected,
  requireObjectBody,
  textValue,
  TOO_LONG,
  NOT_CHANGEABLE,
  NOTHING_TO_CHANGE,
} from '../../drf';
import { buildPortfolio, detailsOf, projectDetail, recordProjectChange } from './model';
import type { ProjectVolume } from './volume';
import { projectFileBody } from '../../lib/files';
import type { DownloadSigner } from '../../risks/downloads';
import { mutate, type MockDb } from '../../store/db';
import { lacksFlag } from '../../routes/projects';
import { personOf } from '../../lib/people';

export interface ProjectRouteOptions {
  /** Extra generated projects in the portfolio (the 5 000-project bench), never stored. */
  volume: ProjectVolume;
  /** Signs the download addresses of the card's files (the project-files signer). */
  signer: DownloadSigner;
}

const FIELD_LABELS: Record<keyof ProjectPatch, string> = {
  description: 'Description',
  expert_description: 'Expert description',
  exclude_from_kpi: 'Excluded from KPI',
  ada: 'ADA',
};

const shown = (value: unknown) =>
  typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value ?? '');

/**
 * The portfolio and the card's own facts: `GET /api/portfolio/`, `GET|PATCH /api/projects/{id}/`
 * and `GET /api/projects/{id}/history/`. Reading needs CAN_VIEW_PROJECT_CARD; each patched field
 * its own flag (PROJECT_PATCH_FLAGS).
 */
export function projectRoutes(db: MockDb, options: ProjectRouteOptions): Router {
  const router = Router({ strict: true });
  const detailFor = (persona: Persona, id: number) =>
    projectDetail(db.getState(), id, (file) =>
      projectFileBody(options.signer, file, persona.userId),
    );

  router.get('/portfolio/', (_req, res) => {
    const { persona } = authOf(res.locals);
    if (lacksFlag(res, persona, PROJECT_CARD_FLAG)) return;
    // One portfolio for everyone holding the flag: built and serialised once per version of the state.
    const body = db.memo('portfolio', (state) =>
      JSON.stringify(buildPortfolio(state, options.volume(state))),
    );
    res.type('application/json').send(body);
  });

  router.get('/projects/:id/', (req, res) => {
    const { persona } = authOf(res.locals);
    if (lacksFlag(res, persona, PROJECT_CARD_FLAG)) return;
    const detail = detailFor(persona, Number(req.params.id));
    if (!detail) {
      drf.notFound(res);
      return;
    }
    res.json(detail);
  });

  router.patch('/projects/:id/', requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const id = Number(req.params.id);
    if (lacksFlag(res, persona, PROJECT_CARD_FLAG)) return;
    if (!detailsOf(db.getState(), id)) {
      drf.notFound(res);
      return;
    }
    const body = req.body as Record<string, unknown>;
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
        ['name', 'code', 'account', 'manager'].includes(key)
          ? 'This field is read-only: it comes from the CRM and is changed there.'
          : NOT_CHANGEABLE,
      );
    for (const field of fields) {
      const flag = PROJECT_PATCH_FLAGS[field];
      if (!persona.permissions.includes(flag)) {
        drf.forbidden(res, `You do not have permission to change "${field}" (${flag}).`);
        return;
      }
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
    if (rejected(res, errors)) return;
    mutate(db, (state) => {
      const details = detailsOf(state, id)!;
      let changed = false;
      for (const field of fields) {
        const before = details[field];
        const after = changes[field] as never;
        if (before === after) continue;
        (details as unknown as Record<string, unknown>)[field] = after;
        changed = true;
        recordProjectChange(state, id, personOf(state, persona.userId), {
          section: field === 'exclude_from_kpi' || field === 'ada' ? 'Flags' : 'Project overview',
          field: FIELD_LABELS[field],
          old_value: shown(before),
          new_value: shown(after),
        });
      }
      return changed;
    });
    res.json(detailFor(persona, id));
  });

  router.get('/projects/:id/history/', (req, res) => {
    const { persona } = authOf(res.locals);
    if (lacksFlag(res, persona, PROJECT_CARD_FLAG)) return;
    const id = Number(req.params.id);
    const state = db.getState();
    if (!detailsOf(state, id)) {
      drf.notFound(res);
      return;
    }
    const entries: ProjectHistoryEntry[] = state.projectHistory
      .filter((entry) => entry.project_id === id)
      .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
      .map(({ project_id: _project, ...entry }) => entry);
    res.json(entries);
  });

  return router;
}
