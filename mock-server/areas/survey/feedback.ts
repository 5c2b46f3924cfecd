import { SURVEY_TEXT_LIMITS } from '../../../src/api/contract/pollRules';
import { FEEDBACK_INDICATORS, type IndicatorFeedback } from '../../../src/api/contract/polls';
import { nowIso } from '../../lib/clock';
import { FieldErrors, REQUIRED, optionalText } from '../../lib/drf';
import { badRequest, created, json } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { personOf } from '../../lib/people';
import { route, type Route } from '../../lib/routes';
import { mutate, type MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import { visiblePoll } from '../checks/access';
import type { StoredFeedback } from './state';

/** A feedback as the API gives it: its author as a person. */
const toFeedback = (
  state: MockState,
  { poll_id: _poll, user_id, ...item }: StoredFeedback,
): IndicatorFeedback => ({ ...item, user: personOf(state, user_id) });

/**
 * The indicator feedback on a check's survey: `GET /api/feedback/polls/{id}/?type=survey`
 * (newest first) and `POST …` `{indicator, comment, type}`.
 */
export function feedbackRoutes(db: MockDb): Route[] {
  return [
    route.get('/feedback/polls/:id/', (req) => {
      const { state, poll } = visiblePoll(db, req);
      const { type } = req.query;
      if (type === undefined || type === '') badRequest({ type: [REQUIRED] });
      if (type !== 'survey') badRequest({ type: [`"${String(type)}" is not a valid choice.`] });
      return json(
        state.feedback
          .filter((item) => item.poll_id === poll.id && item.type === type)
          .sort((a, b) => b.created_at.localeCompare(a.created_at))
          .map((item) => toFeedback(state, item)),
      );
    }),

    route.post('/feedback/polls/:id/', (req) => {
      const { poll, persona } = visiblePoll(db, req);
      const { body } = req;
      const errors = new FieldErrors();
      if (body.indicator === undefined || body.indicator === null)
        errors.add('indicator', REQUIRED);
      else if (!(FEEDBACK_INDICATORS as readonly unknown[]).includes(body.indicator))
        errors.add('indicator', `"${String(body.indicator)}" is not a valid choice.`);
      const comment = optionalText(errors, body, 'comment', SURVEY_TEXT_LIMITS.comment);
      if (body.type !== 'survey')
        errors.add(
          'type',
          body.type === undefined ? REQUIRED : `"${String(body.type)}" is not a valid choice.`,
        );
      errors.refuseIfAny();
      let item: IndicatorFeedback | undefined;
      mutate(db, (state) => {
        const stored: StoredFeedback = {
          id: nextId(state.feedback),
          poll_id: poll.id,
          indicator: body.indicator as IndicatorFeedback['indicator'],
          comment,
          type: 'survey',
          user_id: persona.userId,
          created_at: nowIso(),
        };
        state.feedback.push(stored);
        item = toFeedback(state, stored);
      });
      return created(item);
    }),
  ];
}
