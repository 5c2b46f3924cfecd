import {
  DEX_PRACTICE_CODES,
  DEX_PRACTICES,
  type DexAskedItem,
  type DexPractice,
  type DexSetup,
} from '../../../src/api/contract/dexSetup';
import { formatDate } from '../../../src/api/contract/display';
import { POLL_STATUS_LABELS } from '../../../src/api/contract/pollLabels';
import { periodOf, TARGET_METRIC_INFO } from '../../../src/api/contract/targets';
import { heldChecklists } from '../checklists/issue';
import type { MockState } from '../../store/state';
import type { StoredDexPractice } from './state';
import { now as clockNow } from '../../lib/clock';
import { personOf } from '../../lib/people';

export type { DexSetupsState, StoredDexPractice, StoredDexSetup } from './state';

/** The month of a day as `YYYY-MM` (UTC). */
export const monthOf = (day: Date) => day.toISOString().slice(0, 7);

/**
 * The catalogue's defaults for a project without a setup: a practice in scope is owned by the
 * project manager from the current month; one out of scope names nobody and says why it is out.
 */
export function defaultPractices(
  state: MockState,
  projectId: number,
  now = clockNow(),
): StoredDexPractice[] {
  const manager = state.projectTeams.find((team) => team.project_id === projectId)?.pm_id ?? null;
  return DEX_PRACTICE_CODES.map((code) => {
    const inScope = DEX_PRACTICES[code].default_in_scope;
    return {
      code,
      in_scope: inScope,
      reason: DEX_PRACTICES[code].default_reason,
      owner_id: inScope ? manager : null,
      start_period: inScope ? monthOf(now) : null,
    };
  });
}

/** The project's practices: its saved setup, or the defaults. */
export function practicesOf(state: MockState, projectId: number): StoredDexPractice[] {
  const saved = state.dexSetups.find((setup) => setup.project_id === projectId);
  return saved ? saved.practices : defaultPractices(state, projectId);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What the practices in scope ask the project for, each against what the project holds: a check
 * of the kind (not canceled), a target of the metric for the current quarter, a checklist of the
 * template issued (not canceled or declined).
 */
export function askedFor(
  state: MockState,
  projectId: number,
  practices: readonly StoredDexPractice[],
  now = clockNow(),
): DexAskedItem[] {
  const items: DexAskedItem[] = [];
  for (const practice of practices) {
    if (!practice.in_scope) continue;
    const info = DEX_PRACTICES[practice.code];
    const asks = info.asks;
    if (asks === null) continue;
    if (asks.kind === 'check') {
      const checks = state.polls
        .filter(
          (poll) =>
            poll.project_id === projectId &&
            poll.status !== 'canceled' &&
            (asks.types as readonly string[]).includes(poll.type),
        )
        .sort((a, b) => b.due_date.localeCompare(a.due_date) || b.id - a.id);
      const last = checks[0];
      items.push({
        code: practice.code,
        kind: 'check',
        label: info.label,
        state: last ? 'in_place' : 'missing',
        detail: last
          ? `${plural(checks.length, 'check', 'checks')}; last: ${POLL_STATUS_LABELS[last.status]}, due ${formatDate(last.due_date)}`
          : 'No check of this kind yet',
      });
    } else if (asks.kind === 'target') {
      const period = periodOf(now);
      const set = state.targets.some(
        (row) =>
          row.project_id === projectId &&
          row.kind !== 'account' &&
          row.metric === asks.metric &&
          row.period === period,
      );
      items.push({
        code: practice.code,
        kind: 'target',
        label: TARGET_METRIC_INFO[asks.metric].label,
        state: set ? 'in_place' : 'missing',
        detail: set ? `Target set for ${period}` : `No target for ${period}`,
      });
    } else {
      const issued = heldChecklists(state, projectId, asks.template);
      const submitted = issued.filter((row) => row.state === 'submitted').length;
      items.push({
        code: practice.code,
        kind: 'checklist',
        label: asks.template,
        state: issued.length > 0 ? 'in_place' : 'missing',
        detail:
          issued.length > 0
            ? `${plural(issued.length, 'checklist', 'checklists')} issued, ${submitted} submitted`
            : 'Not issued yet',
      });
    }
  }
  return items;
}

/** The setup as the API answers it. */
export function toDexSetup(state: MockState, projectId: number): DexSetup {
  const saved = state.dexSetups.find((setup) => setup.project_id === projectId);
  const practices = saved?.practices ?? defaultPractices(state, projectId);
  return {
    configured: saved !== undefined,
    updated_at: saved?.updated_at ?? null,
    updated_by: saved ? personOf(state, saved.updated_by_id) : null,
    practices: practices.map((practice): DexPractice => ({
      code: practice.code,
      in_scope: practice.in_scope,
      reason: practice.reason,
      owner: practice.owner_id === null ? null : personOf(state, practice.owner_id),
      start_period: practice.start_period,
    })),
    asked_for: askedFor(state, projectId, practices),
  };
}
