import { Link } from 'react-router';
import type { RiskKind, RiskLevel, RiskScope } from '../../../api/contract/risks';
import { personLabel } from '../../../api/contract/display';
import { useDebouncedValue } from '../../../shared/lib/useDebounced';
import { useGetSimilarRisksQuery } from '../api';
import { RESOLUTION_LABELS, RISK_STATUS_LABELS } from '../labels';
import detailStyles from '../riskDetail.module.css';

/** The statement settles this long before the search runs. */
export const SIMILAR_DEBOUNCE_MS = 400;
/** Fewer words than this say too little to compare. */
export const SIMILAR_MIN_WORDS = 3;

const wordCount = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

/**
 * Likely duplicates of the statement being typed, in the same scope, before anything is saved
 * (`GET /api/risks/similar/`): each with its owner and how close it is, opening in a new tab so
 * that the form keeps what was typed.
 */
export function SimilarRisks({
  kind,
  level,
  scope,
  statement,
}: {
  kind: RiskKind;
  level: RiskLevel;
  scope: RiskScope | null;
  statement: string;
}) {
  const settled = useDebouncedValue(statement.trim(), SIMILAR_DEBOUNCE_MS);
  const ready = scope !== null && wordCount(settled) >= SIMILAR_MIN_WORDS;
  const { data, isFetching, isError } = useGetSimilarRisksQuery(
    { level, scope: scope?.id ?? 0, kind, statement: settled },
    { skip: !ready },
  );
  const similar = ready ? (data ?? []) : [];
  const status = !ready
    ? ''
    : isFetching
      ? 'Looking for similar risks and issues…'
      : isError
        ? 'The search for duplicates failed; it runs again when you change the statement.'
        : similar.length === 0
          ? `No likely duplicate in ${scope?.name}.`
          : `${similar.length} possible ${similar.length === 1 ? 'duplicate' : 'duplicates'} in ${scope?.name}: check ${similar.length === 1 ? 'it' : 'them'} before creating a new one.`;

  return (
    <section className={detailStyles.riskSimilar} aria-labelledby="risk-similar-title">
      <h2 id="risk-similar-title" className={similar.length > 0 ? undefined : 'visually-hidden'}>
        Possible duplicates
      </h2>
      <p role="status" className={detailStyles.riskFormHint}>
        {status}
      </p>
      {similar.length > 0 && (
        <ul className={detailStyles.riskSimilarList}>
          {similar.map(({ risk, score }) => (
            <li key={risk.id}>
              <Link to={`/risks/${risk.id}`} target="_blank" rel="noopener">
                {risk.statement}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </Link>
              <span className={detailStyles.riskSimilarMeta}>
                <span>Owner: {personLabel(risk.owner)}</span>
                <span>
                  {risk.resolution
                    ? RESOLUTION_LABELS[risk.resolution]
                    : RISK_STATUS_LABELS[risk.status]}
                </span>
                <span className={detailStyles.riskSimilarScore}>
                  {Math.round(score * 100)}% similar
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
