import { Router, type Request, type Response } from 'express';
import {
  CHECKLIST_ANSWERS,
  CHECKLIST_FLAGS,
  CHECKLIST_LIMITS,
  CHECKLIST_RULES,
  CHECKLIST_STATES,
  CHECKLIST_UPLOAD,
  submitBlockers,
  type ChecklistAnswer,
  type ChecklistState,
} from '../../../src/api/contract/checklists';
import { authOf } from '../../auth/middleware';
import type { Persona } from '../../auth/personas';
import {
  CHECKLIST_FILE_SEED_BASE,
  CHECKLIST_FILE_UPLOAD_BASE,
  isOpenState,
  seesChecklist,
  toChecklist,
  toChecklistDetail,
  type StoredChecklist,
} from './model';
import {
  FieldErrors,
  NOT_A_STRING,
  TOO_LONG,
  drf,
  queryChoice,
  queryInteger,
  rejected,
  requireObjectBody,
  requiredText,
  textValue,
  typeName,
} from '../../drf';
import { storedFileDownload, type FileDownloadOptions } from '../../routes/fileDownloads';
import { mutate, type MockDb } from '../../store/db';
import { needsFlags } from '../../routes/projects';
import { refuseOversize, uploadHandler } from '../../uploads';

const BASE = '/checklists/';
const ONE = `${BASE}:checklistId/`;
const ITEM = `${ONE}items/:itemId/`;

/** The item upload path, for the multipart parsers of app.ts. */
export const CHECKLIST_UPLOAD_PATH = /^\/checklists\/\d+\/items\/\d+\/attachments\/$/;

/** As DRF's permission classes: viewing, then the call's own flag, before anything is read. */
const needs = (...flags: string[]) => needsFlags(CHECKLIST_FLAGS.view, ...flags);

/**
 * Project checklists: `GET /api/checklists/` (the caller's, filtered by `state`, `project` and
 * `search`), `GET …/{id}/` with its items, `PATCH …/{id}/items/{itemId}/` (answer, comment),
 * `POST|DELETE …/items/{itemId}/attachments/…` and `POST …/{id}/submit|decline|cancel/`. Each call
 * needs CAN_VIEW_CHECKLISTS and its own flag (403 naming it); another person's checklist is a 404;
 * a write to a final checklist or a step the state machine refuses is a 400 `non_field_errors`.
 * A refused call stores nothing.
 */
export function checklistRoutes(db: MockDb, options: FileDownloadOptions): Router {
  const { attachments, signer } = options;
  const router = Router({ strict: true });

  const detail = (res: Response, stored: StoredChecklist, status = 200) => {
    const { persona } = authOf(res.locals);
    res.status(status).json(toChecklistDetail(db.getState(), stored, signer, persona.userId));
  };

  router.get(BASE, needs(), (req, res) => {
    const { persona } = authOf(res.locals);
    const query = req.query as Record<string, unknown>;
    const errors = new FieldErrors();
    const state = queryChoice(errors, query, 'state', CHECKLIST_STATES);
    const project = queryInteger(errors, query, 'project');
    const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
    if (rejected(res, errors)) return;
    const stored = db.getState();
    const rows = stored.checklists
      .filter((checklist) => seesChecklist(persona, checklist))
      .filter((checklist) => !state || checklist.state === state)
      .filter((checklist) => project === undefined || checklist.project_id === project)
      .map((checklist) => toChecklist(stored, checklist))
      .filter(
        (row) =>
          !search ||
          [row.template_name, row.project.name, row.project.code ?? ''].some((text) =>
            text.toLowerCase().includes(search),
          ),
      )
      .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.id - b.id);
    res.json(rows);
  });

  router.get(ONE, needs(), (req, res) => {
    const found = visible(db, req, res);
    if (found) detail(res, found);
  });

  router.patch(ITEM, needs(CHECKLIST_FLAGS.edit), requireObjectBody, (req, res) => {
    const found = openChecklist(db, req, res);
    const item = found && itemOf(found, req, res);
    if (!found || !item) return;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const answer = 'answer' in body ? answerField(errors, body.answer) : item.answer;
    const comment = 'comment' in body ? commentField(errors, body.comment) : item.comment;
    if (rejected(res, errors)) return;
    const { persona } = authOf(res.locals);
    mutate(db, (draft) => {
      const checklist = draft.checklists.find((candidate) => candidate.id === found.id)!;
      const stored = checklist.items.find((candidate) => candidate.id === item.id)!;
      if (stored.answer === answer && stored.comment === comment) return false;
      stored.answer = answer;
      stored.comment = comment;
      touch(checklist, persona);
      return true;
    });
    detail(res, current(db, found.id));
  });

  router.post(
    `${ITEM}attachments/`,
    refuseOversize,
    needs(CHECKLIST_FLAGS.edit),
    uploadHandler(CHECKLIST_UPLOAD, {
      target: (req, res) => {
        const found = openChecklist(db, req, res);
        const item = found && itemOf(found, req, res);
        return found && item ? { found, item } : undefined;
      },
      held: ({ item }) => item.attachments.length,
      tooMany: CHECKLIST_RULES.tooManyFiles,
      store: (_req, res, { found, item }, files) => {
        const { persona } = authOf(res.locals);
        mutate(db, (draft) => {
          const firstId = Math.max(
            CHECKLIST_FILE_UPLOAD_BASE,
            ...draft.checklists.flatMap((checklist) =>
              checklist.items.flatMap((candidate) => candidate.attachments.map((a) => a.id + 1)),
            ),
          );
          const checklist = draft.checklists.find((candidate) => candidate.id === found.id)!;
          const stored = checklist.items.find((candidate) => candidate.id === item.id)!;
          files.forEach((file, index) => {
            attachments.put(firstId + index, file.buffer);
            stored.attachments.push({
              id: firstId + index,
              name: file.originalname,
              size: file.size,
            });
          });
          touch(checklist, persona);
        });
        detail(res, current(db, found.id), 201);
      },
    }),
  );

  router.delete(`${ITEM}attachments/:attachmentId/`, needs(CHECKLIST_FLAGS.edit), (req, res) => {
    const found = openChecklist(db, req, res);
    const item = found && itemOf(found, req, res);
    if (!found || !item) return;
    const fileId = Number(req.params.attachmentId);
    if (!item.attachments.some((file) => file.id === fileId)) {
      drf.notFound(res);
      return;
    }
    const { persona } = authOf(res.locals);
    mutate(db, (draft) => {
      const checklist = draft.checklists.find((candidate) => candidate.id === found.id)!;
      const stored = checklist.items.find((candidate) => candidate.id === item.id)!;
      stored.attachments = stored.attachments.filter((file) => file.id !== fileId);
      touch(checklist, persona);
    });
    res.status(204).end();
  });

  router.post(`${ONE}submit/`, needs(CHECKLIST_FLAGS.submit), requireObjectBody, (req, res) => {
    const found = openChecklist(db, req, res);
    if (!found) return;
    const { messages } = submitBlockers(found.items);
    if (messages.length > 0) {
      drf.badRequest(res, { non_field_errors: messages });
      return;
    }
    finish(db, res, found, 'submitted');
    detail(res, current(db, found.id));
  });

  router.post(`${ONE}decline/`, needs(CHECKLIST_FLAGS.decline), requireObjectBody, (req, res) => {
    const found = openChecklist(db, req, res);
    if (!found) return;
    const errors = new FieldErrors();
    const reason = requiredText(
      errors,
      req.body as Record<string, unknown>,
      'reason',
      CHECKLIST_LIMITS.reason,
    );
    if (rejected(res, errors)) return;
    finish(db, res, found, 'declined', reason);
    detail(res, current(db, found.id));
  });

  router.post(`${ONE}cancel/`, needs(CHECKLIST_FLAGS.cancel), requireObjectBody, (req, res) => {
    const found = openChecklist(db, req, res);
    if (!found) return;
    finish(db, res, found, 'canceled');
    detail(res, current(db, found.id));
  });

  router.use(checklistFileDownload(db, options).authenticated);

  return router;
}

/**
 * `GET /api/checklist-files/{id}/?user=&expires=&signature=`: the plain link the SPA renders,
 * mounted before the JWT check (as the risk attachments' route).
 */
export function signedChecklistFileRoutes(db: MockDb, options: FileDownloadOptions): Router {
  return checklistFileDownload(db, options).signed;
}

/** An item's file, for the person the checklist was issued to. */
function checklistFileDownload(db: MockDb, options: FileDownloadOptions) {
  return storedFileDownload('/checklist-files/:id/', options, {
    seeded: (id) => id > CHECKLIST_FILE_SEED_BASE && id < CHECKLIST_FILE_UPLOAD_BASE,
    nameOf(persona, id) {
      const checklist = db
        .getState()
        .checklists.find((candidate) =>
          candidate.items.some((item) => item.attachments.some((file) => file.id === id)),
        );
      if (!checklist || !seesChecklist(persona, checklist)) return undefined;
      return checklist.items
        .flatMap((item) => item.attachments)
        .find((candidate) => candidate.id === id)?.name;
    },
  });
}

/** The caller's checklist of `:checklistId`; DRF's 404 for another's or an unknown one. */
function visible(db: MockDb, req: Request, res: Response): StoredChecklist | undefined {
  const { persona } = authOf(res.locals);
  const id = Number(req.params.checklistId);
  const found = db.getState().checklists.find((checklist) => checklist.id === id);
  if (!found || !seesChecklist(persona, found)) {
    drf.notFound(res);
    return undefined;
  }
  return found;
}

/** The caller's checklist, still available or in progress: a final one is a 400. */
function openChecklist(db: MockDb, req: Request, res: Response): StoredChecklist | undefined {
  const found = visible(db, req, res);
  if (!found) return undefined;
  if (!isOpenState(found.state)) {
    drf.badRequest(res, { non_field_errors: [CHECKLIST_RULES.final(found.state)] });
    return undefined;
  }
  return found;
}

function itemOf(checklist: StoredChecklist, req: Request, res: Response) {
  const id = Number(req.params.itemId);
  const item = checklist.items.find((candidate) => candidate.id === id);
  if (!item) drf.notFound(res);
  return item;
}

const current = (db: MockDb, id: number) =>
  db.getState().checklists.find((checklist) => checklist.id === id)!;

/** A save by the assignee: the first one takes an available checklist into progress. */
function touch(checklist: StoredChecklist, persona: Persona) {
  if (checklist.state === 'available') checklist.state = 'in_progress';
  checklist.updated_at = new Date().toISOString();
  checklist.updated_by_id = persona.userId;
}

function finish(
  db: MockDb,
  res: Response,
  found: StoredChecklist,
  state: Extract<ChecklistState, 'submitted' | 'declined' | 'canceled'>,
  reason = '',
) {
  const { persona } = authOf(res.locals);
  mutate(db, (draft) => {
    const checklist = draft.checklists.find((candidate) => candidate.id === found.id)!;
    checklist.state = state;
    checklist.decline_reason = reason;
    checklist.updated_at = new Date().toISOString();
    checklist.updated_by_id = persona.userId;
  });
}

/** DRF's ChoiceField with `allow_null`: one of the answers, or null to clear it. */
function answerField(errors: FieldErrors, value: unknown): ChecklistAnswer | null {
  if (value === null) return null;
  if (typeof value === 'string' && (CHECKLIST_ANSWERS as readonly string[]).includes(value))
    return value as ChecklistAnswer;
  const shown = typeof value === 'string' || typeof value === 'number' ? value : typeName(value);
  errors.add('answer', `"${String(shown)}" is not a valid choice.`);
  return null;
}

/** A CharField that may be blank, up to the limit; `null` clears it. */
function commentField(errors: FieldErrors, value: unknown): string {
  if (value === null) return '';
  const text = textValue(value);
  if (text === undefined) {
    errors.add('comment', NOT_A_STRING);
    return '';
  }
  if (text.length > CHECKLIST_LIMITS.comment)
    errors.add('comment', TOO_LONG(CHECKLIST_LIMITS.comment));
  return text;
}
