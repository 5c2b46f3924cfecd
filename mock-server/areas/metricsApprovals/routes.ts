import { nextId } from '../../lib/ids';
import { Router, type Request, type Response } from 'express';
import {
  APPROVAL_METRIC_INFO,
  APPROVAL_METRICS,
  formatMetricValue,
  formatPeriod,
  METRICS_CREATE_FLAG,
  METRICS_EDIT_FLAG,
  METRICS_LIMITS,
  METRICS_MESSAGES,
  METRICS_UPLOAD,
  METRICS_VIEW_FLAG,
  metricValueAllowed,
  PERIOD_PATTERN,
  SUBMISSION_STATE_LABELS,
  type ApprovalMetric,
} from '../../../src/api/contract/metricsApprovals';
import {
  drf,
  FieldErrors,
  NOT_A_STRING,
  NOT_NULL,
  optionalText,
  rejected,
  REQUIRED,
  requireObjectBody,
  typeName,
} from '../../drf';
import {
  METRIC_FILE_SEED_BASE,
  METRIC_FILE_UPLOAD_BASE,
  nextMetricFileId,
  projectSubmissions,
  toSubmission,
  type StoredMetricSubmission,
} from './model';
import { recordProjectChange } from '../projects/model';
import { mutate, type MockDb } from '../../store/db';
import { refuseOversize, uploadHandler } from '../../uploads';
import { listedFileDownload, type FileDownloadOptions } from '../../routes/fileDownloads';
import { uploadedFiles } from '../../lib/express';
import { storeUploads } from '../../lib/files';
import { cardAccess, projectRecord } from '../../routes/projects';

const SECTION = 'Metrics approvals';

/** The evidence upload path, for the multipart parsers of app.ts. */
export const METRICS_UPLOAD_PATH = /^\/projects\/\d+\/metric-submissions\/\d+\/evidence\/$/;

/** 'On-time delivery, October 2026': a submission as History names it. */
const nameOf = (row: Pick<StoredMetricSubmission, 'metric' | 'period'>) =>
  `${APPROVAL_METRIC_INFO[row.metric].label}, ${formatPeriod(row.period)}`;

/** A ChoiceField of the metric. */
function metricField(errors: FieldErrors, body: Record<string, unknown>): ApprovalMetric | null {
  const value = body.metric;
  if (value === undefined) errors.add('metric', REQUIRED);
  else if (value === null) errors.add('metric', NOT_NULL);
  else if (typeof value === 'string' && (APPROVAL_METRICS as readonly string[]).includes(value))
    return value as ApprovalMetric;
  else {
    const shown = typeof value === 'string' || typeof value === 'number' ? value : typeName(value);
    errors.add('metric', `"${shown}" is not a valid choice.`);
  }
  return null;
}

/** The month, `YYYY-MM`, not one still to come. */
function periodField(errors: FieldErrors, body: Record<string, unknown>): string {
  const value = body.period;
  if (value === undefined) errors.add('period', REQUIRED);
  else if (value === null) errors.add('period', NOT_NULL);
  else if (typeof value !== 'string') errors.add('period', NOT_A_STRING);
  else if (!PERIOD_PATTERN.test(value))
    errors.add('period', 'Period has wrong format. Use one of these formats instead: YYYY-MM.');
  else if (value > new Date().toISOString().slice(0, 7))
    errors.add('period', METRICS_MESSAGES.futurePeriod);
  else return value;
  return '';
}

/** A DecimalField checked against the metric's range and decimals (when the metric is known). */
function valueField(
  errors: FieldErrors,
  body: Record<string, unknown>,
  metric: ApprovalMetric | null,
): number {
  const raw = body.value;
  if (raw === undefined) errors.add('value', REQUIRED);
  else if (raw === null) errors.add('value', NOT_NULL);
  else {
    const number =
      typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() ? Number(raw) : NaN;
    if (!Number.isFinite(number)) errors.add('value', 'A valid number is required.');
    else if (metric && !metricValueAllowed(metric, number))
      errors.add('value', METRICS_MESSAGES.valueRange(metric));
    else return number;
  }
  return 0;
}

/**
 * The Metrics approvals tab: `GET|POST /api/projects/{id}/metric-submissions/`, `PATCH …/{sid}/`,
 * `POST …/{sid}/evidence/` (multipart, the one file that submits it) and `POST …/{sid}/decision/`.
 * Viewing needs CAN_VIEW_METRICS_APPROVAL, submitting CAN_CREATE_METRICS_APPROVAL (and being the
 * submitter, for a change), deciding CAN_EDIT_METRICS_APPROVAL on another's submission. A refused
 * call stores nothing; every change goes to the card's History under 'Metrics approvals'.
 */
export function metricsApprovalRoutes(db: MockDb, options: FileDownloadOptions): Router {
  const { attachments, signer } = options;
  const router = Router({ strict: true });
  const BASE = '/projects/:id/metric-submissions/';
  const ONE = `${BASE}:sid/`;

  /** The submission of the project (a draft only for its submitter); undefined once answered. */
  const submissionOf = (res: Response, projectId: number, userId: number, rawId: unknown) =>
    projectRecord(
      res,
      db.getState().metricSubmissions,
      projectId,
      rawId,
      (row) => row.state !== 'draft' || row.submitted_by_id === userId,
    );

  /** The submitter's own draft or returned submission; undefined once answered (404, 403, 400). */
  const ownEditable = (req: Request, res: Response) => {
    const card = cardAccess(db, req, res, METRICS_VIEW_FLAG, METRICS_CREATE_FLAG);
    if (!card) return;
    const row = submissionOf(res, card.projectId, card.persona.userId, req.params.sid);
    if (!row) return;
    if (row.submitted_by_id !== card.persona.userId) {
      drf.forbidden(res, METRICS_MESSAGES.notSubmitter);
      return;
    }
    if (row.state !== 'draft' && row.state !== 'returned') {
      drf.badRequest(res, { non_field_errors: [METRICS_MESSAGES.notEditable] });
      return;
    }
    return { card, row };
  };

  const answer = (res: Response, userId: number, id: number, status = 200) => {
    const state = db.getState();
    const saved = state.metricSubmissions.find((row) => row.id === id)!;
    res.status(status).json(toSubmission(state, saved, signer, userId));
  };

  router.get(BASE, (req, res) => {
    const card = cardAccess(db, req, res, METRICS_VIEW_FLAG);
    if (!card) return;
    res.json(projectSubmissions(card.state, card.projectId, signer, card.persona.userId));
  });

  router.post(BASE, requireObjectBody, (req, res) => {
    const card = cardAccess(db, req, res, METRICS_VIEW_FLAG, METRICS_CREATE_FLAG);
    if (!card) return;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const metric = metricField(errors, body);
    const period = periodField(errors, body);
    const value = valueField(errors, body, metric);
    const comment = optionalText(errors, body, 'comment', METRICS_LIMITS.comment).trim();
    if (
      metric &&
      period &&
      card.state.metricSubmissions.some(
        (row) =>
          row.project_id === card.projectId && row.metric === metric && row.period === period,
      )
    )
      errors.add('period', METRICS_MESSAGES.duplicate);
    if (rejected(res, errors)) return;
    let id = 0;
    mutate(db, (draft) => {
      id = nextId(draft.metricSubmissions);
      draft.metricSubmissions.push({
        id,
        project_id: card.projectId,
        metric: metric!,
        period,
        value,
        comment,
        evidence: null,
        state: 'draft',
        submitted_by_id: card.persona.userId,
        submitted_at: null,
        reviewed_by_id: null,
        reviewed_at: null,
        decision_comment: '',
        history: [],
      });
    });
    answer(res, card.persona.userId, id, 201);
  });

  router.patch(ONE, requireObjectBody, (req, res) => {
    const found = ownEditable(req, res);
    if (!found) return;
    const { card, row } = found;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    for (const key of Object.keys(body))
      if (key !== 'value' && key !== 'comment')
        errors.add(key, 'This field cannot be changed here.');
    if (!('value' in body) && !('comment' in body) && errors.isEmpty)
      errors.add('non_field_errors', 'Nothing to change.');
    const value = 'value' in body ? valueField(errors, body, row.metric) : row.value;
    const comment =
      'comment' in body
        ? optionalText(errors, body, 'comment', METRICS_LIMITS.comment).trim()
        : row.comment;
    if (rejected(res, errors)) return;
    mutate(db, (draft) => {
      const stored = draft.metricSubmissions.find((candidate) => candidate.id === row.id)!;
      if (stored.value === value && stored.comment === comment) return false;
      stored.value = value;
      stored.comment = comment;
      return true;
    });
    answer(res, card.persona.userId, row.id);
  });

  router.post(
    `${ONE}evidence/`,
    refuseOversize,
    uploadHandler(METRICS_UPLOAD, {
      target: ownEditable,
      // The evidence replaces the one a returned submission held: one file per upload.
      held: () => 0,
      store: (_req, res, { card, row }, files) => {
        mutate(db, (draft) => {
          const stored = draft.metricSubmissions.find((candidate) => candidate.id === row.id)!;
          const at = new Date().toISOString();
          const [evidence] = storeUploads(
            attachments,
            uploadedFiles(files.slice(0, 1)),
            nextMetricFileId(draft),
            card.by,
            at,
          );
          const kind = stored.state === 'returned' ? 'resubmitted' : 'submitted';
          recordProjectChange(draft, card.projectId, card.by, {
            section: SECTION,
            field: nameOf(stored),
            old_value: stored.state === 'returned' ? SUBMISSION_STATE_LABELS.returned : '',
            new_value: `${SUBMISSION_STATE_LABELS.submitted}: ${formatMetricValue(
              stored.metric,
              stored.value,
            )}, evidence ${evidence!.file_name}`,
          });
          stored.evidence = evidence!;
          stored.state = 'submitted';
          stored.submitted_at = at;
          stored.history.push({
            kind,
            by_id: card.persona.userId,
            at,
            value: stored.value,
            comment: stored.comment,
          });
        });
        answer(res, card.persona.userId, row.id, 201);
      },
    }),
  );

  router.post(`${ONE}decision/`, requireObjectBody, (req, res) => {
    const card = cardAccess(db, req, res, METRICS_VIEW_FLAG, METRICS_EDIT_FLAG);
    if (!card) return;
    const row = submissionOf(res, card.projectId, card.persona.userId, req.params.sid);
    if (!row) return;
    if (row.submitted_by_id === card.persona.userId) {
      drf.forbidden(res, METRICS_MESSAGES.ownSubmission);
      return;
    }
    if (row.state !== 'submitted') {
      drf.badRequest(res, { non_field_errors: [METRICS_MESSAGES.notSubmitted] });
      return;
    }
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const decision = body.decision;
    if (decision === undefined) errors.add('decision', REQUIRED);
    else if (decision !== 'approve' && decision !== 'return')
      errors.add(
        'decision',
        `"${typeof decision === 'string' ? decision : typeName(decision)}" is not a valid choice.`,
      );
    const comment = optionalText(errors, body, 'comment', METRICS_LIMITS.decision_comment).trim();
    if (decision === 'return' && comment === '' && !('comment' in errors.toJSON()))
      errors.add('comment', METRICS_MESSAGES.returnComment);
    if (rejected(res, errors)) return;
    mutate(db, (draft) => {
      const stored = draft.metricSubmissions.find((candidate) => candidate.id === row.id)!;
      const at = new Date().toISOString();
      const next = decision === 'approve' ? 'approved' : 'returned';
      recordProjectChange(draft, card.projectId, card.by, {
        section: SECTION,
        field: nameOf(stored),
        old_value: SUBMISSION_STATE_LABELS.submitted,
        new_value: `${SUBMISSION_STATE_LABELS[next]}: ${formatMetricValue(stored.metric, stored.value)}${
          comment ? ` (${comment})` : ''
        }`,
      });
      stored.state = next;
      stored.reviewed_by_id = card.persona.userId;
      stored.reviewed_at = at;
      stored.decision_comment = comment;
      stored.history.push({
        kind: next,
        by_id: card.persona.userId,
        at,
        value: stored.value,
        comment,
      });
    });
    answer(res, card.persona.userId, row.id);
  });

  router.use(metricEvidenceDownload(db, options).authenticated);

  return router;
}

/**
 * `GET /api/metric-evidence/{id}/?user=&expires=&signature=`: the plain link the SPA renders,
 * mounted before the JWT check; an address without a signature goes on to the JWT route.
 */
export function signedMetricEvidenceRoutes(db: MockDb, options: FileDownloadOptions): Router {
  return metricEvidenceDownload(db, options).signed;
}

/** A submission's evidence, for whoever may view metrics approvals (a draft's only its submitter). */
function metricEvidenceDownload(db: MockDb, options: FileDownloadOptions) {
  return listedFileDownload('/metric-evidence/:id/', options, {
    flag: METRICS_VIEW_FLAG,
    seeded: (id) => id > METRIC_FILE_SEED_BASE && id < METRIC_FILE_UPLOAD_BASE,
    filesOf: () =>
      db.getState().metricSubmissions.flatMap((row) => (row.evidence ? [row.evidence] : [])),
  });
}
