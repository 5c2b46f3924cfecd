import type { Faker } from '@faker-js/faker';
import type { ProjectListItem } from '../../../src/api/contract/directory';
import type {
  PollModel,
  PollStatus,
  PollType,
  SummarySections,
} from '../../../src/api/contract/polls';
import { addReplies } from '../survey/seed';
import type { SurveyState } from '../survey/state';
import { modelOf } from './pollModels';
import { respondentRole } from './questions';
import { DAY, iso, isoDate, past } from './seedClock';
import type { ChecksState, StoredParticipant, StoredPoll } from './state';

/** What the checks' seed builds: the checks and their answers, reports and findings. */
export type PollsSeed = ChecksState & SurveyState;

const EMPTY_SUMMARY: SummarySections = { risk_status: '', summary: '' };

const INDEX_PREFIX: Record<PollType, string> = {
  health_check: 'HC',
  self_check: 'SC',
  qmo_health_check: 'QHC',
  qmo_self_check: 'QSC',
  audit_check: 'AUD',
};

export interface PollSpec {
  type: PollType;
  model: PollModel;
  status: PollStatus;
  project: ProjectListItem;
  participants: StoredParticipant[];
  supervisorId?: number | null;
  qcOwnerId?: number | null;
  created: number;
  index?: string;
  /** Share of each participant's questions answered, by user id; 1 when submitted. */
  answered?: Record<number, number>;
  expertsSummary?: SummarySections;
  pmsSummary?: SummarySections;
  customDrivers?: string[];
  cancelReason?: string;
}

/** Adds a check as the spec says, with its participants' answers up to their share. */
export function addPoll(state: PollsSeed, faker: Faker, spec: PollSpec): StoredPoll {
  const id = state.polls.length + 1;
  const started = ['new', 'pre_start'].includes(spec.status)
    ? null
    : Math.max(spec.created, past(spec.created + faker.number.int({ min: 1, max: 4 }) * DAY));
  const closed = ['finished', 'review_completed'].includes(spec.status);
  const poll: StoredPoll = {
    id,
    status: spec.status,
    type: spec.type,
    model: spec.model,
    index: spec.index ?? `${INDEX_PREFIX[spec.type]}_${id}`,
    project_id: spec.project.id,
    participants: spec.participants,
    supervisor_id: spec.supervisorId ?? null,
    qc_owner_id: spec.qcOwnerId ?? null,
    experts_summary: spec.expertsSummary ?? { ...EMPTY_SUMMARY },
    pms_summary: spec.pmsSummary ?? { ...EMPTY_SUMMARY },
    custom_check_config: spec.customDrivers ? { drivers: spec.customDrivers } : null,
    available_roles: [
      ...new Set(spec.participants.map((participant) => respondentRole(participant.role))),
    ],
    extensions: [],
    is_risk_evaluation_filled: closed,
    is_invalid: false,
    invalid_reason: '',
    cancel_reason: spec.cancelReason ?? '',
    created_at: iso(spec.created),
    started_at: started === null ? null : iso(started),
    due_date: isoDate(spec.created + 45 * DAY),
    // A check closes 20 days after its start, or (started lately) the day before the seed's day.
    finished_at:
      closed && started !== null ? iso(Math.max(started, past(started + 20 * DAY))) : null,
  };
  state.polls.push(poll);
  const model = modelOf(poll.model);
  for (const participant of poll.participants) {
    const share = participant.submitted ? 1 : (spec.answered?.[participant.user_id] ?? 0);
    addReplies(state, faker, poll, model, participant, share, started ?? spec.created);
  }
  return poll;
}
