import type { ReactNode } from 'react';
import type { Risk, RiskEditableField } from '../../../api/contract/risks';
import { formatDate, personLabel } from '../../../api/contract/display';
import {
  ISSUE_GRADE_LABELS,
  RATING_LABELS,
  RESPONSE_DECISION_LABELS,
  RESPONSE_STRATEGY_LABELS,
  RISK_CATEGORY_LABELS,
  VISIBILITY_TAG_LABELS,
} from '../labels';
import { RichText } from '../../../shared/ui/RichText';
import detailStyles from '../riskDetail.module.css';

/** What each editable field and each history event is called on screen. */
export const FIELD_LABELS: Record<string, string> = {
  statement: 'Statement',
  description: 'Description',
  category: 'Category',
  probability: 'Probability',
  impact: 'Impact',
  rating: 'Rating',
  priority: 'Priority',
  severity: 'Severity',
  response_strategy: 'Response strategy',
  response_decision: 'Response decision',
  due_date: 'Due date',
  labels: 'Labels',
  visibility_tags: 'Visibility tags',
  informed_ids: 'Informed people',
  informed: 'Informed people',
  owner_id: 'Owner',
  owner: 'Owner',
  client_communication: 'Communication with client',
  status: 'Status',
  kind: 'Kind',
  created: 'Created',
  resolution: 'Resolution',
  action: 'Action',
  transfer: 'Transfer',
  comment: 'Comment',
  action_item: 'Action item',
  awareness: 'Awareness',
  shared_with: 'Shared with',
};

export const fieldLabel = (field: string) =>
  FIELD_LABELS[field] ?? field.charAt(0).toUpperCase() + field.slice(1).replace(/_/g, ' ');

const NONE = <span className={detailStyles.riskUnset}>Not set</span>;

/** A field's current value as read-only text (labels for codes, 'Name (login)', MM/DD/YYYY). */
export function fieldValue(risk: Risk, field: RiskEditableField): ReactNode {
  switch (field) {
    case 'statement':
      return risk.statement;
    case 'description':
      return risk.description ? <RichText text={risk.description} /> : NONE;
    case 'category':
      return RISK_CATEGORY_LABELS[risk.category];
    case 'probability':
      return risk.probability ? (
        <Chip grade={risk.probability} label={RATING_LABELS[risk.probability]} />
      ) : (
        NONE
      );
    case 'impact':
      return risk.impact ? <Chip grade={risk.impact} label={RATING_LABELS[risk.impact]} /> : NONE;
    case 'priority':
      return risk.priority ? (
        <Chip grade={risk.priority} label={ISSUE_GRADE_LABELS[risk.priority]} />
      ) : (
        NONE
      );
    case 'severity':
      return risk.severity ? (
        <Chip grade={risk.severity} label={ISSUE_GRADE_LABELS[risk.severity]} />
      ) : (
        NONE
      );
    case 'response_strategy':
      return risk.response_strategy ? RESPONSE_STRATEGY_LABELS[risk.response_strategy] : NONE;
    case 'response_decision':
      return risk.response_decision ? RESPONSE_DECISION_LABELS[risk.response_decision] : NONE;
    case 'due_date':
      return risk.due_date ? formatDate(risk.due_date) : NONE;
    case 'labels':
      return risk.labels.length > 0 ? <Chips items={risk.labels} /> : NONE;
    case 'visibility_tags':
      return risk.visibility_tags.length > 0 ? (
        <Chips items={risk.visibility_tags.map((tag) => VISIBILITY_TAG_LABELS[tag])} />
      ) : (
        NONE
      );
    case 'informed_ids':
      return risk.informed.length > 0 ? <Chips items={risk.informed.map(personLabel)} /> : NONE;
    case 'owner_id':
      return personLabel(risk.owner);
    case 'client_communication':
      return risk.client_communication ? <RichText text={risk.client_communication} /> : NONE;
  }
}

/** A rating or grade as a coloured chip whose text says it (colour is never the only cue). */
export function Chip({ grade, label }: { grade: string; label: string }) {
  return (
    <span className={detailStyles.riskChip} data-rating={grade}>
      {label}
    </span>
  );
}

function Chips({ items }: { items: string[] }) {
  return (
    <ul className={detailStyles.riskChips}>
      {items.map((item) => (
        <li key={item} className={detailStyles.riskChipItem}>
          {item}
        </li>
      ))}
    </ul>
  );
}
