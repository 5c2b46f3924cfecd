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
import type { Persona } from '../../auth/personas';
import type { Area } from '../../lib/area';
import { requireFlags } from '../../lib/cardAccess';
import { nowIso } from '../../lib/clock';
import {
  FieldErrors,
  NOT_A_STRING,
  TOO_LONG,
  queryChoice,
  queryInteger,
  requiredText,
  textValue,
  typeName,
} from '../../lib/drf';
import { fileDownloadRoutes, nextFileId } from '../../lib/files';
import {
  badRequest,
  json,
  noContent,
  notFound,
  ruleBroken,
  type MockAnswer,
  type MockRequest,
} from '../../lib/http';
import { permitted } from '../../lib/permitted';
import { route } from '../../lib/routes';
import { mutate, type MockDb } from '../../store/db';
import {
  CHECKLIST_FILE_SEED_BASE,
  CHECKLIST_FILE_UPLOAD_BASE,
  isOpenState,
  seesChecklist,
  toChecklist,
  toChecklistDetail,
  type StoredChecklist,
} from './model';
import { checklistsSeed } from './seed';

const BASE = '/checklists/';
const ONE = `${BASE}:checklistId/`;
const ITEM = `${ONE}items/:itemId/`;

/** As DRF's permission classes: viewing, then the call's own flag, before anything is read. */
const needs = (...flags: string[]) => permitted(CHECKLIST_FLAGS.view, ...flags);

/**
 * Project checklists (the SPA's features/checklists): `GET /api/checklists/` (the caller's,
 * filtered by `state`, `project` and `search`), `GET …/{id}/` with its items, `PATCH
 * …/{id}/items/{itemId}/` (answer, comment), `POST|DELETE …/items/{itemId}/attachments/…` and
 * `POST …/{id}/submit|decline|cancel/`, and an item file's download, `GET
 * /api/checklist-files/{id}/` (signed link or JWT). Each call needs CAN_VIEW_CHECKLISTS and its own
 * flag (403 naming it); another person's checklist is a 404; a write to a final checklist or a step
 * the state machine refuses is a 400 `non_field_errors`. A refused call stores nothing.
 */
export const checklists: Area = {
  feature: 'checklists',
  seed: [checklistsSeed],
  routes: ({ db, attachments, signer: signerOf }) => {
    const signer = signerOf('checklist-files');
    const detail = (req: MockRequest, id: number, status = 200): MockAnswer =>
      json(
        toChecklistDetail(db.getState(), current(db, id), signer, req.auth.persona.userId),
        status,
      );
    const edit = needs(CHECKLIST_FLAGS.edit);

    return [
      needs().get(BASE, ({ query, auth }) => {
        const errors = new FieldErrors();
        const state = queryChoice(errors, query, 'state', CHECKLIST_STATES);
        const project = queryInteger(errors, query, 'project');
        const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
        errors.refuseIfAny();
        const stored = db.getState();
        const rows = stored.checklists
          .filter((checklist) => seesChecklist(auth.persona, checklist))
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
        return json(rows);
      }),

      needs().get(ONE, (req) => detail(req, visible(db, req).id)),

      edit.patch(ITEM, (req) => {
        const { body, auth } = req;
        const found = openChecklist(db, req);
        const item = itemOf(found, req);
        const errors = new FieldErrors();
        const answer = 'answer' in body ? answerField(errors, body.answer) : item.answer;
        const comment = 'comment' in body ? commentField(errors, body.comment) : item.comment;
        errors.refuseIfAny();
        mutate(db, (draft) => {
          const checklist = draft.checklists.find((candidate) => candidate.id === found.id)!;
          const stored = checklist.items.find((candidate) => candidate.id === item.id)!;
          if (stored.answer === answer && stored.comment === comment) return false;
          stored.answer = answer;
          stored.comment = comment;
          touch(checklist, auth.persona);
          return true;
        });
        return detail(req, found.id);
      }),

      route.upload('POST', `${ITEM}attachments/`, {
        rule: CHECKLIST_UPLOAD,
        target: (req) => {
          requireFlags(req.auth.persona, CHECKLIST_FLAGS.view, CHECKLIST_FLAGS.edit);
          const found = openChecklist(db, req);
          return { found, item: itemOf(found, req) };
        },
        held: ({ item }) => item.attachments.length,
        tooMany: CHECKLIST_RULES.tooManyFiles,
        store: (req, { found, item }) => {
          mutate(db, (draft) => {
            const firstId = nextFileId(
              CHECKLIST_FILE_UPLOAD_BASE,
              draft.checklists.flatMap((checklist) =>
                checklist.items.flatMap((candidate) => candidate.attachments.map((a) => a.id)),
              ),
            );
            const checklist = draft.checklists.find((candidate) => candidate.id === found.id)!;
            const stored = checklist.items.find((candidate) => candidate.id === item.id)!;
            req.files.forEach((file, index) => {
              attachments.put(firstId + index, file.bytes);
              stored.attachments.push({ id: firstId + index, name: file.name, size: file.size });
            });
            touch(checklist, req.auth.persona);
          });
          return detail(req, found.id, 201);
        },
      }),

      edit.delete(`${ITEM}attachments/:attachmentId/`, (req) => {
        const found = openChecklist(db, req);
        const item = itemOf(found, req);
        const fileId = Number(req.params.attachmentId);
        if (!item.attachments.some((file) => file.id === fileId)) notFound();
        mutate(db, (draft) => {
          const checklist = draft.checklists.find((candidate) => candidate.id === found.id)!;
          const stored = checklist.items.find((candidate) => candidate.id === item.id)!;
          stored.attachments = stored.attachments.filter((file) => file.id !== fileId);
          touch(checklist, req.auth.persona);
        });
        return noContent();
      }),

      needs(CHECKLIST_FLAGS.submit).post(`${ONE}submit/`, (req) => {
        const found = openChecklist(db, req);
        const { messages } = submitBlockers(found.items);
        if (messages.length > 0) badRequest({ non_field_errors: messages });
        finish(db, req, found, 'submitted');
        return detail(req, found.id);
      }),

      needs(CHECKLIST_FLAGS.decline).post(`${ONE}decline/`, (req) => {
        const found = openChecklist(db, req);
        const errors = new FieldErrors();
        const reason = requiredText(errors, req.body, 'reason', CHECKLIST_LIMITS.reason);
        errors.refuseIfAny();
        finish(db, req, found, 'declined', reason);
        return detail(req, found.id);
      }),

      needs(CHECKLIST_FLAGS.cancel).post(`${ONE}cancel/`, (req) => {
        const found = openChecklist(db, req);
        finish(db, req, found, 'canceled');
        return detail(req, found.id);
      }),

      // An item's file, for the person the checklist was issued to.
      ...fileDownloadRoutes(
        '/checklist-files/:id/',
        { attachments, signer },
        {
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
        },
      ),
    ];
  },
};

/** The caller's checklist of `:checklistId`; DRF's 404 for another's or an unknown one. */
function visible(db: MockDb, req: MockRequest): StoredChecklist {
  const id = Number(req.params.checklistId);
  const found = db.getState().checklists.find((checklist) => checklist.id === id);
  if (!found || !seesChecklist(req.auth.persona, found)) notFound();
  return found;
}

/** The caller's checklist, still available or in progress: a final one is a 400. */
function openChecklist(db: MockDb, req: MockRequest): StoredChecklist {
  const found = visible(db, req);
  if (!isOpenState(found.state)) ruleBroken(CHECKLIST_RULES.final(found.state));
  return found;
}

function itemOf(checklist: StoredChecklist, req: MockRequest) {
  const id = Number(req.params.itemId);
  return checklist.items.find((candidate) => candidate.id === id) ?? notFound();
}

const current = (db: MockDb, id: number) =>
  db.getState().checklists.find((checklist) => checklist.id === id)!;

/** A save by the assignee: the first one takes an available checklist into progress. */
function touch(checklist: StoredChecklist, persona: Persona) {
  if (checklist.state === 'available') checklist.state = 'in_progress';
  checklist.updated_at = nowIso();
  checklist.updated_by_id = persona.userId;
}

function finish(
  db: MockDb,
  req: MockRequest,
  found: StoredChecklist,
  state: Extract<ChecklistState, 'submitted' | 'declined' | 'canceled'>,
  reason = '',
) {
  mutate(db, (draft) => {
    const checklist = draft.checklists.find((candidate) => candidate.id === found.id)!;
    checklist.state = state;
    checklist.decline_reason = reason;
    checklist.updated_at = nowIso();
    checklist.updated_by_id = req.auth.persona.userId;
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
