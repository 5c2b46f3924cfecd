import {
  ISSUE_GRADES,
  RATINGS,
  RISK_KINDS,
  RISK_STATUSES,
  VISIBILITY_TAGS,
  type PersonRef,
} from '../../../api/contract/risks';
import { personLabel } from '../../../shared/lib/format';
import { ISSUE_GRADE_LABELS, RATING_LABELS, STATUS_LABELS, TAG_LABELS } from '../labels';
import type { ListFilters } from './riskFilters';
import type { UrlChanges } from './urlState';

const KIND_LABELS = { risk: 'Risk', issue: 'Issue' } as const;

/**
 * The filters of the risk list. Each writes its URL param at once (the search box through the
 * page's debounced text); 'Reset to default' clears them all.
 */
export function RiskFilterBar({
  filters,
  searchText,
  onSearchText,
  owners,
  labels,
  onChange,
  onReset,
}: {
  filters: ListFilters;
  searchText: string;
  onSearchText: (text: string) => void;
  owners: readonly PersonRef[];
  labels: readonly string[];
  onChange: (changes: UrlChanges) => void;
  onReset: () => void;
}) {
  const active = Object.values(filters).some((value) => value !== undefined) || !!searchText;
  return (
    <form
      className="risk-filters"
      role="search"
      aria-label="Filter risks and issues"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="risk-field risk-field-search">
        <label htmlFor="risk-search">Search</label>
        <input
          id="risk-search"
          type="search"
          value={searchText}
          onChange={(event) => onSearchText(event.target.value)}
          aria-describedby="risk-search-hint"
          autoComplete="off"
        />
        <span id="risk-search-hint" className="risk-hint">
          Statement, labels or owner
        </span>
      </div>
      <Choice
        id="risk-kind"
        label="Risk or issue"
        anyLabel="Risks and issues"
        value={filters.kind}
        options={RISK_KINDS}
        labels={KIND_LABELS}
        onChange={(kind) => onChange({ kind })}
      />
      <Choice
        id="risk-status"
        label="Status"
        anyLabel="Any status"
        value={filters.status}
        options={RISK_STATUSES}
        labels={STATUS_LABELS}
        onChange={(status) => onChange({ status })}
      />
      <Choice
        id="risk-probability"
        label="Probability"
        anyLabel="Any"
        value={filters.probability}
        options={RATINGS}
        labels={RATING_LABELS}
        onChange={(probability) => onChange({ probability })}
      />
      <Choice
        id="risk-impact"
        label="Impact"
        anyLabel="Any"
        value={filters.impact}
        options={RATINGS}
        labels={RATING_LABELS}
        onChange={(impact) => onChange({ impact })}
      />
      <Choice
        id="risk-priority"
        label="Priority"
        anyLabel="Any"
        value={filters.priority}
        options={ISSUE_GRADES}
        labels={ISSUE_GRADE_LABELS}
        onChange={(priority) => onChange({ priority })}
      />
      <Choice
        id="risk-severity"
        label="Severity"
        anyLabel="Any"
        value={filters.severity}
        options={ISSUE_GRADES}
        labels={ISSUE_GRADE_LABELS}
        onChange={(severity) => onChange({ severity })}
      />
      <div className="risk-field">
        <label htmlFor="risk-owner">Owner</label>
        <select
          id="risk-owner"
          value={filters.owner ?? ''}
          onChange={(event) => onChange({ owner: event.target.value })}
        >
          <option value="">Anyone</option>
          {filters.owner && !owners.some((owner) => owner.id === filters.owner) && (
            <option value={filters.owner}>Person {filters.owner}</option>
          )}
          {owners.map((owner) => (
            <option key={owner.id} value={owner.id}>
              {personLabel(owner)}
            </option>
          ))}
        </select>
      </div>
      <Choice
        id="risk-tag"
        label="Visibility tag"
        anyLabel="Any tag"
        value={filters.tag}
        options={VISIBILITY_TAGS}
        labels={TAG_LABELS}
        onChange={(tag) => onChange({ tag })}
      />
      <div className="risk-field">
        <label htmlFor="risk-label">Label</label>
        <select
          id="risk-label"
          value={filters.label ?? ''}
          onChange={(event) => onChange({ label: event.target.value })}
        >
          <option value="">Any label</option>
          {filters.label && !labels.includes(filters.label) && (
            <option value={filters.label}>{filters.label}</option>
          )}
          {labels.map((label) => (
            <option key={label} value={label}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="risk-field">
        <label htmlFor="risk-due">Due on or before</label>
        <input
          id="risk-due"
          type="date"
          value={filters.due_before ?? ''}
          onChange={(event) => onChange({ due_before: event.target.value })}
        />
      </div>
      <button type="button" className="button risk-reset" onClick={onReset} disabled={!active}>
        Reset to default
      </button>
    </form>
  );
}

function Choice<Code extends string>({
  id,
  label,
  anyLabel,
  value,
  options,
  labels,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  value: Code | undefined;
  options: readonly Code[];
  labels: Record<Code, string>;
  onChange: (value: string) => void;
}) {
  return (
    <div className="risk-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
