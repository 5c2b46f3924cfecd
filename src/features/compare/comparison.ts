import type { PersonRef } from '../../api/contract/actionRequests';
import {
  gradedOptions,
  type AnswerOption,
  type PollParticipant,
  type PollResults,
} from '../../api/contract/polls';

/**
 * The comparison of two sides, driver by driver and question by question. A side's answers pair
 * with the other side's by a key: the role (two checks: this period's project manager against
 * last period's), or one key for all (a check's project manager against each of its experts).
 * A question is changed when a pair answered on both sides differs, the same when every such pair
 * agrees, open when no pair answered on both sides, and only on one side when the other does not
 * ask it. Better or worse reads the model's graded options, from the earlier side to the later.
 * Between two checks a question whose answers all stay but where someone's comment changed is
 * `commentChanged`: neither better nor worse, and apart from the answer changes.
 */
export type RowStatus = 'changed' | 'commentChanged' | 'same' | 'open' | 'leftOnly' | 'rightOnly';
export type Direction = 'better' | 'worse' | 'mixed' | null;

export interface SideAnswer {
  role: PollParticipant['role'];
  user: PersonRef;
  /** The option's label, or null for a question not answered yet. */
  label: string | null;
  comment: string;
}

export interface CompareRow {
  id: number;
  text: string;
  left: SideAnswer[];
  right: SideAnswer[];
  status: RowStatus;
  direction: Direction;
  /** Of a `commentChanged` row: whose comments changed (the pairs' roles), else empty. */
  commentsChangedBy: PollParticipant['role'][];
}

export interface CompareCounts {
  /** Questions asked on both sides. */
  compared: number;
  changed: number;
  /** Questions whose answers stayed but a comment changed. */
  commentsChanged: number;
  better: number;
  worse: number;
  /** Questions asked on one side only. */
  oneSide: number;
}

export interface CompareDriver {
  slug: string;
  name: string;
  rows: CompareRow[];
  counts: CompareCounts;
}

export interface Comparison {
  drivers: CompareDriver[];
  totals: CompareCounts;
}

type ResultDriver = PollResults['drivers'][number];
type ResultQuestion = ResultDriver['questions'][number];
type ResultAnswer = ResultQuestion['answers'][number];

/**
 * Two checks of one project: each role's answers against the same role's. `later` names the
 * side due later, whose answers are better or worse than the earlier one's.
 */
export function compareChecks(
  left: PollResults,
  right: PollResults,
  later: 'left' | 'right',
  who: AnswerGroup = 'all',
): Comparison {
  const keep = (answer: ResultAnswer) =>
    who === 'all' || ANSWER_GROUP_ROLES[who].includes(answer.role);
  return compare(
    answersOf(left.drivers, keep),
    answersOf(right.drivers, keep),
    (answer) => answer.role,
    later,
    true,
  );
}

const EXPERT_ROLES: readonly PollParticipant['role'][] = ['exp', 'main_expert'];

/** Whose answers two checks compare: everyone's, or one role's (the experts with the main one). */
export const ANSWER_GROUPS = ['all', 'pm', 'qcl', 'experts'] as const;
export type AnswerGroup = (typeof ANSWER_GROUPS)[number];
export const ANSWER_GROUP_LABELS: Record<AnswerGroup, string> = {
  all: 'Everyone',
  pm: 'Project manager',
  qcl: 'QC lead',
  experts: 'Experts',
};
const ANSWER_GROUP_ROLES: Record<
  Exclude<AnswerGroup, 'all'>,
  readonly PollParticipant['role'][]
> = { pm: ['pm'], qcl: ['qcl'], experts: EXPERT_ROLES };

/** The drivers with only the answers `keep` keeps. */
function answersOf(
  drivers: readonly ResultDriver[],
  keep: (answer: ResultAnswer) => boolean,
): ResultDriver[] {
  return drivers.map((driver) => ({
    ...driver,
    questions: driver.questions.map((question) => ({
      ...question,
      answers: question.answers.filter(keep),
    })),
  }));
}

/**
 * One check: the project manager's answers on the left against the experts' (and main expert's)
 * on the right; better means the experts rate it higher than the project manager.
 */
export function compareRoles(results: PollResults): Comparison {
  return compare(
    answersOf(results.drivers, (answer) => answer.role === 'pm'),
    answersOf(results.drivers, (answer) => EXPERT_ROLES.includes(answer.role)),
    () => 'all',
    'right',
    // Different people's comments always differ: only the answers are set against each other.
    false,
  );
}

/** A row a "show only changes" filter keeps: a changed answer or a changed comment. */
export const isChange = (row: Pick<CompareRow, 'status'>) =>
  row.status === 'changed' || row.status === 'commentChanged';

/** The rows a "show only changes" filter keeps: the drivers with a changed question. */
export function onlyChanges(comparison: Comparison): CompareDriver[] {
  return comparison.drivers
    .map((driver) => ({ ...driver, rows: driver.rows.filter(isChange) }))
    .filter((driver) => driver.rows.length > 0);
}

function compare(
  leftDrivers: readonly ResultDriver[],
  rightDrivers: readonly ResultDriver[],
  pairKey: (answer: ResultAnswer) => string,
  later: 'left' | 'right',
  comments: boolean,
): Comparison {
  const leftBySlug = new Map(leftDrivers.map((driver) => [driver.slug, driver]));
  const rightBySlug = new Map(rightDrivers.map((driver) => [driver.slug, driver]));
  const slugs = [
    ...leftBySlug.keys(),
    ...[...rightBySlug.keys()].filter((slug) => !leftBySlug.has(slug)),
  ];
  const drivers = slugs
    .map((slug) => {
      const left = leftBySlug.get(slug);
      const right = rightBySlug.get(slug);
      const rows = questionIds(left, right)
        .map((id) =>
          compareQuestion(
            left?.questions.find((question) => question.id === id),
            right?.questions.find((question) => question.id === id),
            pairKey,
            later,
            comments,
          ),
        )
        .filter((row): row is CompareRow => row !== null);
      return { slug, name: (left ?? right)!.name, rows, counts: countRows(rows) };
    })
    .filter((driver) => driver.rows.length > 0);
  return { drivers, totals: sumCounts(drivers.map((driver) => driver.counts)) };
}

/** The questions of a driver on either side, in the left side's order, then the right's others. */
function questionIds(left?: ResultDriver, right?: ResultDriver): number[] {
  const ids = (left?.questions ?? []).map((question) => question.id);
  for (const question of right?.questions ?? [])
    if (!ids.includes(question.id)) ids.push(question.id);
  return ids;
}

/** One question's row; null when neither side asks anyone. */
function compareQuestion(
  left: ResultQuestion | undefined,
  right: ResultQuestion | undefined,
  pairKey: (answer: ResultAnswer) => string,
  later: 'left' | 'right',
  comments: boolean,
): CompareRow | null {
  const leftAnswers = left?.answers ?? [];
  const rightAnswers = right?.answers ?? [];
  const question = (left ?? right)!;
  if (leftAnswers.length === 0 && rightAnswers.length === 0) return null;
  const options = question.options;
  const row = {
    id: question.id,
    text: question.text,
    left: leftAnswers.map((answer) => sideAnswer(answer, left!.options)),
    right: rightAnswers.map((answer) => sideAnswer(answer, right!.options)),
    commentsChangedBy: [] as PollParticipant['role'][],
  };
  if (leftAnswers.length === 0) return { ...row, status: 'rightOnly', direction: null };
  if (rightAnswers.length === 0) return { ...row, status: 'leftOnly', direction: null };

  const scale = gradedOptions(options).map((option) => option.value);
  // A comment is set against the same person's, or the role's one answer on each side (someone
  // new in the role): two experts of a check never stand for each other's comments.
  const only = (answers: readonly ResultAnswer[], key: string) =>
    answers.filter((answer) => pairKey(answer) === key).length === 1;
  const samePerson = (before: ResultAnswer, after: ResultAnswer) =>
    before.user.id === after.user.id ||
    (only(leftAnswers, pairKey(before)) && only(rightAnswers, pairKey(after)));
  let compared = 0;
  const moves = new Set<'better' | 'worse' | 'ungraded'>();
  const commented = new Set<PollParticipant['role']>();
  for (const before of leftAnswers)
    for (const after of rightAnswers) {
      if (pairKey(before) !== pairKey(after)) continue;
      if (before.answer === null || after.answer === null) continue;
      compared += 1;
      if (before.answer === after.answer) {
        if (comments && samePerson(before, after) && before.comment.trim() !== after.comment.trim())
          commented.add(after.role);
        continue;
      }
      const [earlier, later_] = later === 'right' ? [before, after] : [after, before];
      const from = scale.indexOf(earlier.answer!);
      const to = scale.indexOf(later_.answer!);
      // the graded scale lists the best first: a smaller place is better
      moves.add(from < 0 || to < 0 ? 'ungraded' : to < from ? 'better' : 'worse');
    }
  if (compared === 0) return { ...row, status: 'open', direction: null };
  if (moves.size === 0 && commented.size > 0)
    return { ...row, status: 'commentChanged', direction: null, commentsChangedBy: [...commented] };
  if (moves.size === 0) return { ...row, status: 'same', direction: null };
  const direction: Direction =
    moves.size === 1 && !moves.has('ungraded')
      ? moves.has('better')
        ? 'better'
        : 'worse'
      : moves.has('better') || moves.has('worse')
        ? 'mixed'
        : null;
  return { ...row, status: 'changed', direction };
}

function sideAnswer(answer: ResultAnswer, options: readonly AnswerOption[]): SideAnswer {
  return {
    role: answer.role,
    user: answer.user,
    label:
      answer.answer === null
        ? null
        : (options.find((option) => option.value === answer.answer)?.label ?? answer.answer),
    comment: answer.comment,
  };
}

function countRows(rows: readonly CompareRow[]): CompareCounts {
  const counts: CompareCounts = {
    compared: 0,
    changed: 0,
    commentsChanged: 0,
    better: 0,
    worse: 0,
    oneSide: 0,
  };
  for (const row of rows) {
    if (row.status === 'leftOnly' || row.status === 'rightOnly') counts.oneSide += 1;
    else counts.compared += 1;
    if (row.status === 'changed') counts.changed += 1;
    if (row.status === 'commentChanged') counts.commentsChanged += 1;
    if (row.direction === 'better') counts.better += 1;
    if (row.direction === 'worse') counts.worse += 1;
  }
  return counts;
}

function sumCounts(all: readonly CompareCounts[]): CompareCounts {
  return all.reduce(
    (sum, counts) => ({
      compared: sum.compared + counts.compared,
      changed: sum.changed + counts.changed,
      commentsChanged: sum.commentsChanged + counts.commentsChanged,
      better: sum.better + counts.better,
      worse: sum.worse + counts.worse,
      oneSide: sum.oneSide + counts.oneSide,
    }),
    { compared: 0, changed: 0, commentsChanged: 0, better: 0, worse: 0, oneSide: 0 },
  );
}
