import { SURVEY_TEXT_LIMITS } from '../../../src/api/contract/pollRules';
import { SUMMARY_KEYS, type SummaryKey } from '../../../src/api/contract/polls';
import { nowIso } from '../../lib/clock';
import { FieldErrors, notText, textValue, TOO_LONG } from '../../lib/drf';
import { badRequest, json, ruleBroken } from '../../lib/http';
import { route, type Route } from '../../lib/routes';
import { mutate, type MockDb } from '../../store/db';
import { requirePollPermission, visiblePoll } from '../checks/access';
import { participantOf, progressOf, toPoll, writesExpertsSummary } from '../checks/model';

/**
 * The summary, `PATCH /api/polls/{id}/summary/` (one section by key, CAN_EDIT_SUMMARY: the main
 * expert's and an audit's auditor's go to `experts_summary`, the project manager's to `pms_summary`), and the submit of a participant's part,
 * `POST /api/polls/{id}/submit/`, which moves the check on once its phase is done. Both answer
 * the check.
 */
export function submitRoutes(db: MockDb): Route[] {
  return [
    route.patch('/polls/:id/summary/', (req) => {
      const access = visiblePoll(db, req);
      requirePollPermission(access, 'CAN_EDIT_SUMMARY');
      const { body } = req;
      const errors = new FieldErrors();
      const keys = Object.keys(body);
      if (keys.length === 0)
        errors.add('non_field_errors', `Name a summary section: ${SUMMARY_KEYS.join(' or ')}.`);
      const texts: Partial<Record<SummaryKey, string>> = {};
      for (const key of keys) {
        const text = textValue(body[key]);
        if (!(SUMMARY_KEYS as readonly string[]).includes(key))
          errors.add(key, `Unknown summary section. Use ${SUMMARY_KEYS.join(' or ')}.`);
        else if (text === undefined) errors.add(key, notText(body[key]));
        else if (text.length > SURVEY_TEXT_LIMITS.longText)
          errors.add(key, TOO_LONG(SURVEY_TEXT_LIMITS.longText));
        else texts[key as SummaryKey] = text;
      }
      errors.refuseIfAny();
      const { poll, persona } = access;
      const experts = writesExpertsSummary(participantOf(poll, persona.userId)?.role);
      mutate(db, () => {
        const sections = experts ? poll.experts_summary : poll.pms_summary;
        for (const key of keys) sections[key as SummaryKey] = texts[key as SummaryKey]!;
      });
      return json(toPoll(db.getState(), poll, persona));
    }),

    route.postAny('/polls/:id/submit/', (req) => {
      const access = visiblePoll(db, req);
      const { poll, persona, state } = access;
      requirePollPermission(access, 'CAN_PASS_SURVEY');
      requirePollPermission(access, 'CAN_SUBMIT_SURVEY');
      const me = participantOf(poll, persona.userId)!;
      const { answered, total } = progressOf(state, poll, persona.userId);
      if (answered < total)
        ruleBroken(`Answer every question before submitting: ${answered} of ${total} answered.`);
      if (
        me.role === 'main_expert' &&
        SUMMARY_KEYS.some((key) => poll.experts_summary[key].trim() === '')
      )
        badRequest({
          experts_summary: ['Fill in the risk status and the summary before submitting.'],
        });
      mutate(db, () => {
        me.submitted = true;
        if (poll.type === 'audit_check') return;
        if (me.role === 'main_expert') {
          for (const participant of poll.participants) participant.submitted = true;
          poll.status = 'finished';
          poll.finished_at = nowIso();
          return;
        }
        const respondentsDone = poll.participants
          .filter((participant) => participant.role === 'pm' || participant.role === 'qcl')
          .every((participant) => participant.submitted);
        if (!respondentsDone) return;
        const hasExperts = poll.participants.some(
          (participant) => participant.role === 'exp' || participant.role === 'main_expert',
        );
        poll.status = hasExperts ? 'expert' : 'finished';
        if (!hasExperts) poll.finished_at = nowIso();
      });
      return json(toPoll(db.getState(), poll, persona));
    }),
  ];
}
