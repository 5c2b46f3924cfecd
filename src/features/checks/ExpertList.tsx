import type { PersonRef } from '../../api/contract/actionRequests';
import { personLabel } from '../../api/contract/display';
import { EXPERT_KIND_LABELS } from '../../api/contract/pollLabels';
import { EXPERT_KINDS, type ExpertKind } from '../../api/contract/polls';
import { Button } from '../../shared/ui/Button';
import checkStyles from './checks.module.css';

/** Experts as a form holds them: the person and their kind. */
export type ChosenExperts = { person: PersonRef; kind: ExpertKind }[];

/** The chosen experts, each with their role and a remove button. */
export function ExpertList({
  idPrefix,
  experts,
  onChange,
}: {
  /** Each role select's id is `${idPrefix}-${person id}`. */
  idPrefix: string;
  experts: ChosenExperts;
  onChange: (experts: ChosenExperts) => void;
}) {
  if (experts.length === 0) return null;
  return (
    <ul className={checkStyles.expertList}>
      {experts.map(({ person, kind }) => (
        <li key={person.id}>
          <span>{personLabel(person)}</span>
          <label className="visually-hidden" htmlFor={`${idPrefix}-${person.id}`}>
            Role of {personLabel(person)}
          </label>
          <select
            id={`${idPrefix}-${person.id}`}
            value={kind}
            onChange={(event) =>
              onChange(setExpertKind(experts, person.id, event.target.value as ExpertKind))
            }
          >
            {EXPERT_KINDS.map((option) => (
              <option key={option} value={option}>
                {EXPERT_KIND_LABELS[option]}
              </option>
            ))}
          </select>
          <Button
            type="button"
            onClick={() => onChange(experts.filter((expert) => expert.person.id !== person.id))}
          >
            Remove<span className="visually-hidden"> {personLabel(person)}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** One main expert at most: naming a new one makes the previous one an expert. */
function setExpertKind(experts: ChosenExperts, id: number, kind: ExpertKind): ChosenExperts {
  return experts.map((expert) =>
    expert.person.id === id
      ? { ...expert, kind }
      : kind === 'main_expert' && expert.kind === 'main_expert'
        ? { ...expert, kind: 'expert' }
        : expert,
  );
}
