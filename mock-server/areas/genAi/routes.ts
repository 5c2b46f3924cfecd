import { Router, type Request, type Response } from 'express';
import { formatDate } from '../../../src/api/contract/display';
import {
  GEN_AI_CONSENT_LABELS,
  GEN_AI_CONSENT_NEEDED,
  GEN_AI_CONSENTS,
  GEN_AI_DATA_CLASS_LABELS,
  GEN_AI_DATA_CLASSES,
  GEN_AI_DECIDE_FLAG,
  GEN_AI_LIMITS,
  GEN_AI_MESSAGES,
  GEN_AI_REQUEST_FLAG,
  GEN_AI_UPLOAD,
  sameTool,
} from '../../../src/api/contract/genAi';
import { PROJECT_CARD_FLAG } from '../../../src/api/contract/projects';
import { authOf } from '../../auth/middleware';
import {
  dateField,
  drf,
  FieldErrors,
  optionalText,
  rejected,
  requiredText,
  requireObjectBody,
  choiceField,
} from '../../drf';
import {
  GEN_AI_FILE_SEED_BASE,
  GEN_AI_FILE_UPLOAD_BASE,
  nextGenAiFileId,
  projectGenAiApprovals,
  projectGenAiUsage,
  toGenAiApproval,
  type StoredGenAiApproval,
  type StoredGenAiToolUse,
} from './model';
import { recordProjectChange } from '../../projects/model';
import { mutate, type MockDb } from '../../store/db';
import { refuseOversize, uploadHandler } from '../../uploads';
import { listedFileDownload, type FileDownloadOptions } from '../../routes/fileDownloads';
import { uploadedFiles } from '../../lib/express';
import { storeUploads } from '../../lib/files';
import { cardAccess, lacksFlag, projectRecord } from '../../routes/projects';
import { personOf } from '../../lib/people';
import { nextId } from '../../lib/ids';
import { today } from '../../lib/clock';

const SECTION = 'Gen AI approvals';

/** The consent files' upload path, for the multipart parsers of app.ts. */
export const GEN_AI_UPLOAD_PATH = /^\/projects\/\d+\/gen-ai-approvals\/\d+\/consent-files\/$/;

/** 'Tool (Data class, consent Yes)': one line of History for a request. */
const summary = (row: StoredGenAiApproval) =>
  `${row.tool} (${GEN_AI_DATA_CLASS_LABELS[row.data_classification]}, client consent ${GEN_AI_CONSENT_LABELS[row.client_consent]})`;

/**
 * Gen AI approvals of a project: `GET|POST /api/projects/{id}/gen-ai-approvals/` (a request needs
 * CAN_EDIT_PROJECT_CARD), `POST …/{aid}/decision/` (CAN_EDIT_TECH_REGISTER), the consent's files
 * `POST …/{aid}/consent-files/` (multipart) and `DELETE …/{aid}/consent-files/{fileId}/`
 * (CAN_EDIT_PROJECT_CARD, while pending) and the tools in use, `GET|POST
 * /api/projects/{id}/gen-ai-usage/`, `DELETE …/{uid}/` (CAN_EDIT_PROJECT_CARD). Every change goes
 * to the card's History under 'Gen AI approvals'.
 */
export function genAiRoutes(db: MockDb, options: FileDownloadOptions): Router {
  const router = Router({ strict: true });
  const APPROVALS = '/projects/:id/gen-ai-approvals/';
  const USAGE = '/projects/:id/gen-ai-usage/';

  const projectOf = (req: Request, res: Response) => cardAccess(db, req, res)?.projectId;
  const filesFor = (res: Response) => ({
    signer: options.signer,
    userId: authOf(res.locals).persona.userId,
  });
  const view = (res: Response, row: StoredGenAiApproval) =>
    toGenAiApproval(db.getState(), row, filesFor(res));

  /** A request of the project, checked for an evidence change; undefined once answered. */
  const evidenceTarget = (req: Request, res: Response) => {
    const card = cardAccess(db, req, res, GEN_AI_REQUEST_FLAG);
    if (!card) return undefined;
    const request = projectRecord(res, card.state.genAiApprovals, card.projectId, req.params.aid);
    if (!request) return undefined;
    if (request.state !== 'pending') {
      drf.badRequest(res, { non_field_errors: [GEN_AI_MESSAGES.evidenceFrozen] });
      return undefined;
    }
    return { card, request };
  };

  router.get(APPROVALS, (req, res) => {
    const projectId = projectOf(req, res);
    if (projectId === undefined) return;
    res.json(projectGenAiApprovals(db.getState(), projectId, filesFor(res)));
  });

  router.post(APPROVALS, requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const projectId = projectOf(req, res);
    if (projectId === undefined) return;
    if (lacksFlag(res, persona, GEN_AI_REQUEST_FLAG)) return;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const tool = requiredText(errors, body, 'tool', GEN_AI_LIMITS.tool);
    const purpose = requiredText(errors, body, 'purpose', GEN_AI_LIMITS.purpose);
    const dataClass = choiceField(errors, body, 'data_classification', GEN_AI_DATA_CLASSES);
    const consent = choiceField(errors, body, 'client_consent', GEN_AI_CONSENTS);
    const evidence = optionalText(
      errors,
      body,
      'consent_evidence',
      GEN_AI_LIMITS.consent_evidence,
    ).trim();
    if (consent === 'yes' && evidence === '' && !('consent_evidence' in errors.toJSON()))
      errors.add('consent_evidence', GEN_AI_MESSAGES.evidenceNeeded);
    if (rejected(res, errors)) return;
    let created: StoredGenAiApproval | undefined;
    mutate(db, (draft) => {
      created = {
        id: nextId(draft.genAiApprovals),
        project_id: projectId,
        tool,
        purpose,
        data_classification: dataClass!,
        client_consent: consent!,
        consent_evidence: evidence,
        consent_files: [],
        state: 'pending',
        requested_by_id: persona.userId,
        requested_at: new Date().toISOString(),
        decided_by_id: null,
        decided_at: null,
        conditions: '',
        expires_on: null,
        rejection_reason: '',
      };
      draft.genAiApprovals.push(created);
      recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
        section: SECTION,
        field: 'Gen AI request',
        old_value: '',
        new_value: `${summary(created)}: pending`,
      });
    });
    res.status(201).json(view(res, created!));
  });

  router.post(`${APPROVALS}:aid/decision/`, requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const projectId = projectOf(req, res);
    if (projectId === undefined) return;
    const request = projectRecord(res, db.getState().genAiApprovals, projectId, req.params.aid);
    if (!request) return;
    if (lacksFlag(res, persona, GEN_AI_DECIDE_FLAG)) return;
    if (request.state !== 'pending') {
      drf.badRequest(res, { non_field_errors: [GEN_AI_MESSAGES.decided] });
      return;
    }
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const decision = choiceField(errors, body, 'decision', ['approve', 'reject'] as const);
    let conditions = '';
    let expiresOn = '';
    let reason = '';
    if (decision === 'approve') {
      conditions = requiredText(errors, body, 'conditions', GEN_AI_LIMITS.conditions);
      expiresOn = dateField(errors, body, 'expires_on');
      if (expiresOn !== '' && expiresOn <= today())
        errors.add('expires_on', GEN_AI_MESSAGES.expiryPast);
      if (errors.isEmpty && GEN_AI_CONSENT_NEEDED.includes(request.data_classification)) {
        if (request.client_consent !== 'yes')
          errors.add('non_field_errors', GEN_AI_MESSAGES.consentNeeded);
        else if (request.consent_files.length === 0)
          errors.add('consent_files', GEN_AI_MESSAGES.consentFileNeeded);
      }
    } else if (decision === 'reject') {
      reason = requiredText(errors, body, 'reason', GEN_AI_LIMITS.reason);
    }
    if (rejected(res, errors)) return;
    mutate(db, (draft) => {
      const stored = draft.genAiApprovals.find((row) => row.id === request.id)!;
      stored.decided_by_id = persona.userId;
      stored.decided_at = new Date().toISOString();
      if (decision === 'approve') {
        stored.state = 'approved';
        stored.conditions = conditions;
        stored.expires_on = expiresOn;
      } else {
        stored.state = 'rejected';
        stored.rejection_reason = reason;
      }
      recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
        section: SECTION,
        field: `${stored.tool}: decision`,
        old_value: 'Pending',
        new_value:
          decision === 'approve'
            ? `Approved until ${formatDate(expiresOn)}: ${conditions}`
            : `Rejected: ${reason}`,
      });
    });
    const saved = db.getState().genAiApprovals.find((row) => row.id === request.id)!;
    res.json(view(res, saved));
  });

  router.post(
    `${APPROVALS}:aid/consent-files/`,
    refuseOversize,
    uploadHandler(GEN_AI_UPLOAD, {
      target: evidenceTarget,
      held: ({ request }) => request.consent_files.length,
      tooMany: GEN_AI_MESSAGES.tooManyFiles,
      store: (_req, res, { card, request }, files) => {
        mutate(db, (draft) => {
          const stored = draft.genAiApprovals.find((row) => row.id === request.id)!;
          const at = new Date().toISOString();
          for (const ref of storeUploads(
            options.attachments,
            uploadedFiles(files),
            nextGenAiFileId(draft),
            card.by,
            at,
          )) {
            stored.consent_files.push(ref);
            recordProjectChange(draft, card.projectId, card.by, {
              section: SECTION,
              field: `${stored.tool}: consent evidence`,
              old_value: '',
              new_value: ref.file_name,
            });
          }
        });
        const saved = db.getState().genAiApprovals.find((row) => row.id === request.id)!;
        res.status(201).json(view(res, saved));
      },
    }),
  );

  router.delete(`${APPROVALS}:aid/consent-files/:fileId/`, (req, res) => {
    const target = evidenceTarget(req, res);
    if (!target) return;
    const { card, request } = target;
    const fileId = Number(req.params.fileId);
    const file = request.consent_files.find((candidate) => candidate.id === fileId);
    if (!file) {
      drf.notFound(res);
      return;
    }
    mutate(db, (draft) => {
      const stored = draft.genAiApprovals.find((row) => row.id === request.id)!;
      stored.consent_files = stored.consent_files.filter((candidate) => candidate.id !== fileId);
      recordProjectChange(draft, card.projectId, card.by, {
        section: SECTION,
        field: `${stored.tool}: consent evidence`,
        old_value: file.file_name,
        new_value: '',
      });
    });
    res.status(204).end();
  });

  router.get(USAGE, (req, res) => {
    const projectId = projectOf(req, res);
    if (projectId === undefined) return;
    res.json(projectGenAiUsage(db.getState(), projectId));
  });

  router.post(USAGE, requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const projectId = projectOf(req, res);
    if (projectId === undefined) return;
    if (lacksFlag(res, persona, GEN_AI_REQUEST_FLAG)) return;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const tool = requiredText(errors, body, 'tool', GEN_AI_LIMITS.tool);
    const since = dateField(errors, body, 'since');
    if (
      tool !== '' &&
      db
        .getState()
        .genAiUsage.some((use) => use.project_id === projectId && sameTool(use.tool, tool))
    )
      errors.add('tool', GEN_AI_MESSAGES.alreadyInUse);
    if (rejected(res, errors)) return;
    let created: StoredGenAiToolUse | undefined;
    mutate(db, (draft) => {
      created = {
        id: nextId(draft.genAiUsage),
        project_id: projectId,
        tool,
        since,
        recorded_by_id: persona.userId,
      };
      draft.genAiUsage.push(created);
      recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
        section: SECTION,
        field: 'Gen AI tool in use',
        old_value: '',
        new_value: `${tool} (since ${formatDate(since)})`,
      });
    });
    const usage = projectGenAiUsage(db.getState(), projectId);
    res.status(201).json(usage.tools.find((use) => use.id === created!.id));
  });

  router.delete(`${USAGE}:uid/`, (req, res) => {
    const { persona } = authOf(res.locals);
    const projectId = projectOf(req, res);
    if (projectId === undefined) return;
    const use = projectRecord(res, db.getState().genAiUsage, projectId, req.params.uid);
    if (!use) return;
    if (lacksFlag(res, persona, GEN_AI_REQUEST_FLAG)) return;
    mutate(db, (draft) => {
      draft.genAiUsage = draft.genAiUsage.filter((row) => row.id !== use.id);
      recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
        section: SECTION,
        field: 'Gen AI tool in use',
        old_value: `${use.tool} (since ${formatDate(use.since)})`,
        new_value: '',
      });
    });
    res.status(204).end();
  });

  router.use(genAiFileDownload(db, options).authenticated);

  return router;
}

/**
 * `GET /api/gen-ai-files/{id}/?user=&expires=&signature=`: the plain link the SPA renders, mounted
 * before the JWT check; an address without a signature goes on to the JWT route.
 */
export function signedGenAiFileRoutes(db: MockDb, options: FileDownloadOptions): Router {
  return genAiFileDownload(db, options).signed;
}

/** A consent file, for whoever may open project cards. */
function genAiFileDownload(db: MockDb, options: FileDownloadOptions) {
  return listedFileDownload('/gen-ai-files/:id/', options, {
    flag: PROJECT_CARD_FLAG,
    seeded: (id) => id > GEN_AI_FILE_SEED_BASE && id < GEN_AI_FILE_UPLOAD_BASE,
    filesOf: () => db.getState().genAiApprovals.flatMap((row) => row.consent_files),
  });
}
