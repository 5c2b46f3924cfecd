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
import type { Area } from '../../lib/area';
import { cardAccess, projectRecord, requireFlags } from '../../lib/cardAccess';
import { dateField, FieldErrors, optionalText, requiredText, choiceField } from '../../lib/drf';
import { created, json, noContent, notFound, ruleBroken, type MockRequest } from '../../lib/http';
import { route } from '../../lib/routes';
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
import { recordProjectChange } from '../projects/model';
import { mutate } from '../../store/db';
import { listedFileDownloadRoutes, storeUploads } from '../../lib/files';
import { nextId } from '../../lib/ids';
import { nowIso, today } from '../../lib/clock';
import { genAiSeed } from './seed';

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
 * (CAN_EDIT_PROJECT_CARD, while pending), the tools in use, `GET|POST
 * /api/projects/{id}/gen-ai-usage/`, `DELETE …/{uid}/` (CAN_EDIT_PROJECT_CARD), and a consent
 * file's download, `GET /api/gen-ai-files/{id}/` (signed link or JWT). Every change goes to the
 * card's History under 'Gen AI approvals'.
 */
export const genAi: Area = {
  feature: 'projects/genAi',
  seed: [genAiSeed],
  routes: ({ db, attachments, signer: signerOf }) => {
    const APPROVALS = '/projects/:id/gen-ai-approvals/';
    const USAGE = '/projects/:id/gen-ai-usage/';
    const signer = signerOf('gen-ai-files');
    const filesFor = (req: MockRequest) => ({ signer, userId: req.auth.persona.userId });
    const view = (req: MockRequest, row: StoredGenAiApproval) =>
      toGenAiApproval(db.getState(), row, filesFor(req));
    const stored = (id: number) => db.getState().genAiApprovals.find((row) => row.id === id)!;

    /** A request of the project, checked for an evidence change. */
    const evidenceTarget = (req: MockRequest) => {
      const card = cardAccess(db, req, GEN_AI_REQUEST_FLAG);
      const request = projectRecord(card.state.genAiApprovals, card.projectId, req.params.aid);
      if (request.state !== 'pending') ruleBroken(GEN_AI_MESSAGES.evidenceFrozen);
      return { card, request };
    };

    return [
      route.get(APPROVALS, (req) => {
        const { projectId } = cardAccess(db, req);
        return json(projectGenAiApprovals(db.getState(), projectId, filesFor(req)));
      }),

      route.post(APPROVALS, (req) => {
        const { projectId, persona, by } = cardAccess(db, req);
        requireFlags(persona, GEN_AI_REQUEST_FLAG);
        const { body } = req;
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
        errors.refuseIfAny();
        const request: StoredGenAiApproval = {
          id: nextId(db.getState().genAiApprovals),
          project_id: projectId,
          tool,
          purpose,
          data_classification: dataClass!,
          client_consent: consent!,
          consent_evidence: evidence,
          consent_files: [],
          state: 'pending',
          requested_by_id: persona.userId,
          requested_at: nowIso(),
          decided_by_id: null,
          decided_at: null,
          conditions: '',
          expires_on: null,
          rejection_reason: '',
        };
        mutate(db, (draft) => {
          draft.genAiApprovals.push(request);
          recordProjectChange(draft, projectId, by, {
            section: SECTION,
            field: 'Gen AI request',
            old_value: '',
            new_value: `${summary(request)}: pending`,
          });
        });
        return created(view(req, request));
      }),

      route.post(`${APPROVALS}:aid/decision/`, (req) => {
        const { projectId, persona, by, state } = cardAccess(db, req);
        const request = projectRecord(state.genAiApprovals, projectId, req.params.aid);
        requireFlags(persona, GEN_AI_DECIDE_FLAG);
        if (request.state !== 'pending') ruleBroken(GEN_AI_MESSAGES.decided);
        const { body } = req;
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
        errors.refuseIfAny();
        mutate(db, (draft) => {
          const row = draft.genAiApprovals.find((candidate) => candidate.id === request.id)!;
          row.decided_by_id = persona.userId;
          row.decided_at = nowIso();
          if (decision === 'approve') {
            row.state = 'approved';
            row.conditions = conditions;
            row.expires_on = expiresOn;
          } else {
            row.state = 'rejected';
            row.rejection_reason = reason;
          }
          recordProjectChange(draft, projectId, by, {
            section: SECTION,
            field: `${row.tool}: decision`,
            old_value: 'Pending',
            new_value:
              decision === 'approve'
                ? `Approved until ${formatDate(expiresOn)}: ${conditions}`
                : `Rejected: ${reason}`,
          });
        });
        return json(view(req, stored(request.id)));
      }),

      route.upload('POST', `${APPROVALS}:aid/consent-files/`, {
        rule: GEN_AI_UPLOAD,
        target: evidenceTarget,
        held: ({ request }) => request.consent_files.length,
        tooMany: GEN_AI_MESSAGES.tooManyFiles,
        store: (req, { card, request }) => {
          mutate(db, (draft) => {
            const row = draft.genAiApprovals.find((candidate) => candidate.id === request.id)!;
            const at = nowIso();
            for (const ref of storeUploads(
              attachments,
              req.files,
              nextGenAiFileId(draft),
              card.by,
              at,
            )) {
              row.consent_files.push(ref);
              recordProjectChange(draft, card.projectId, card.by, {
                section: SECTION,
                field: `${row.tool}: consent evidence`,
                old_value: '',
                new_value: ref.file_name,
              });
            }
          });
          return created(view(req, stored(request.id)));
        },
      }),

      route.delete(`${APPROVALS}:aid/consent-files/:fileId/`, (req) => {
        const { card, request } = evidenceTarget(req);
        const fileId = Number(req.params.fileId);
        const file =
          request.consent_files.find((candidate) => candidate.id === fileId) ?? notFound();
        mutate(db, (draft) => {
          const row = draft.genAiApprovals.find((candidate) => candidate.id === request.id)!;
          row.consent_files = row.consent_files.filter((candidate) => candidate.id !== fileId);
          recordProjectChange(draft, card.projectId, card.by, {
            section: SECTION,
            field: `${row.tool}: consent evidence`,
            old_value: file.file_name,
            new_value: '',
          });
        });
        return noContent();
      }),

      route.get(USAGE, (req) => {
        const { projectId } = cardAccess(db, req);
        return json(projectGenAiUsage(db.getState(), projectId));
      }),

      route.post(USAGE, (req) => {
        const { projectId, persona, by } = cardAccess(db, req);
        requireFlags(persona, GEN_AI_REQUEST_FLAG);
        const { body } = req;
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
        errors.refuseIfAny();
        const use: StoredGenAiToolUse = {
          id: nextId(db.getState().genAiUsage),
          project_id: projectId,
          tool,
          since,
          recorded_by_id: persona.userId,
        };
        mutate(db, (draft) => {
          draft.genAiUsage.push(use);
          recordProjectChange(draft, projectId, by, {
            section: SECTION,
            field: 'Gen AI tool in use',
            old_value: '',
            new_value: `${tool} (since ${formatDate(since)})`,
          });
        });
        const usage = projectGenAiUsage(db.getState(), projectId);
        return created(usage.tools.find((candidate) => candidate.id === use.id));
      }),

      route.delete(`${USAGE}:uid/`, (req) => {
        const { projectId, persona, by, state } = cardAccess(db, req);
        const use = projectRecord(state.genAiUsage, projectId, req.params.uid);
        requireFlags(persona, GEN_AI_REQUEST_FLAG);
        mutate(db, (draft) => {
          draft.genAiUsage = draft.genAiUsage.filter((row) => row.id !== use.id);
          recordProjectChange(draft, projectId, by, {
            section: SECTION,
            field: 'Gen AI tool in use',
            old_value: `${use.tool} (since ${formatDate(use.since)})`,
            new_value: '',
          });
        });
        return noContent();
      }),

      // A consent file, for whoever may open project cards.
      ...listedFileDownloadRoutes(
        '/gen-ai-files/:id/',
        { attachments, signer },
        {
          flag: PROJECT_CARD_FLAG,
          seeded: (id) => id > GEN_AI_FILE_SEED_BASE && id < GEN_AI_FILE_UPLOAD_BASE,
          filesOf: () => db.getState().genAiApprovals.flatMap((row) => row.consent_files),
        },
      ),
    ];
  },
};
