import { LEVEL_LABELS, formatDate, personLabel } from '../../../src/api/contract/display';
import { RISK_VALUE_LABELS, type PersonRef } from '../../../src/api/contract/risks';
import type { MockState } from '../../store/state';
import { nextId } from '../../lib/ids';
import type { StoredRisk } from './model';
import { nowIso } from '../../lib/clock';

/** The backend's display names of the coded values, as the history shows them. */
const CODE_LABELS: Record<string, Record<string, string>> = {
  ...RISK_VALUE_LABELS,
  level: LEVEL_LABELS,
};

/** A stored value as display text: labels for codes, 'Name (login)', MM/DD/YYYY for dates. */
export function displayValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map((item) => displayValue(field, item)).join(', ');
  if (typeof value === 'object') {
    const named = value as Partial<PersonRef>;
    return named.name !== undefined ? personLabel(named as PersonRef) : JSON.stringify(value);
  }
  const text = String(value);
  const label = CODE_LABELS[field]?.[text];
  if (label) return label;
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? formatDate(text) : text;
}

/** Records one change of a risk: who, when, which field, from what, to what (display text). */
export function logChange(
  state: MockState,
  risk: StoredRisk,
  byUserId: number,
  field: string,
  oldValue: string,
  newValue: string,
  at = nowIso(),
): void {
  const by = state.people.find((person) => person.id === byUserId) ?? {
    id: byUserId,
    name: `User ${byUserId}`,
    login: '',
  };
  state.riskHistory.push({
    id: nextId(state.riskHistory),
    risk_id: risk.id,
    at,
    by,
    field,
    old_value: oldValue,
    new_value: newValue,
  });
  risk.updated_at = at;
}

/** What the history says of a comment: its first line, shortened. */
export function commentSummary(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
