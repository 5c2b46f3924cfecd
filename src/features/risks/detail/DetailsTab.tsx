import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  RISK_EDITABLE_FIELDS,
  type Risk,
  type RiskEditableField,
} from '../../../api/contract/risks';
import { formatDateTime, LEVEL_LABELS, personLabel } from '../../../api/contract/display';
import { DetailsForm } from './DetailsForm';
import { fieldLabel, fieldValue } from './fieldDisplay';
import { canEdit, fieldApplies } from './riskAccess';
import detailStyles from '../riskDetail.module.css';

/** Fields on this tab: client communication has its own tab. */
export const DETAILS_FIELDS = RISK_EDITABLE_FIELDS.filter(
  (field) => field !== 'client_communication',
);

/**
 * Every field of the risk. Those this user may change (their spec §6 flag is in
 * `risk.user_permissions`) are a form saved with PATCH; the others are plain read-only text,
 * never a disabled input.
 */
const IN_HEADER: readonly RiskEditableField[] = ['owner_id', 'due_date'];

export function DetailsTab({ risk }: { risk: Risk }) {
  const fields = DETAILS_FIELDS.filter((field) => fieldApplies(risk, field));
  const editable = fields.filter((field) => canEdit(risk, field));
  // The header already shows the owner and the due date (and the rating and scope below).
  const readOnly = fields.filter((field) => !canEdit(risk, field) && !IN_HEADER.includes(field));

  return (
    <div className={detailStyles.riskDetails}>
      <section aria-labelledby="risk-facts-title">
        <h2 id="risk-facts-title">{editable.length > 0 ? 'Facts' : 'Details'}</h2>
        <dl className={detailStyles.riskFactsGrid}>
          {readOnly.map((field) => (
            <Fact key={field} term={fieldLabel(field)} wide={isWide(field)}>
              {fieldValue(risk, field)}
            </Fact>
          ))}
          <Fact term="Level">{LEVEL_LABELS[risk.level]}</Fact>
          {risk.level !== 'project' && risk.project && (
            <Fact term="Project">{risk.project.name}</Fact>
          )}
          {risk.level !== 'account' && risk.account && (
            <Fact term="Account">{risk.account.name}</Fact>
          )}
          <Fact term="Created">
            {formatDateTime(risk.created_at)} by {personLabel(risk.created_by)}
          </Fact>
          <Fact term="Last changed">{formatDateTime(risk.updated_at)}</Fact>
          {risk.poll_id !== null && (
            <Fact term="Raised during check">
              <Link to={`/checks/${risk.poll_id}`}>Check {risk.poll_id}</Link>
            </Fact>
          )}
          {risk.duplicates_group !== null && (
            <Fact term="Duplicates group">
              <Link to="/risks?view=duplicates">Group {risk.duplicates_group}</Link>
            </Fact>
          )}
          <Fact term="Awareness">{risk.awareness_raised ? 'Raised' : 'Not raised'}</Fact>
          <Fact term="Visibility shared with">
            {risk.shared_with.length > 0
              ? risk.shared_with.map((level) => `the ${level}`).join(' and ')
              : 'Not shared'}
          </Fact>
        </dl>
      </section>
      {editable.length > 0 && <DetailsForm key={risk.updated_at} risk={risk} fields={editable} />}
    </div>
  );
}

const isWide = (field: RiskEditableField) =>
  field === 'statement' || field === 'description' || field === 'informed_ids';

export function Fact({
  term,
  children,
  wide = false,
}: {
  term: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div
      className={
        wide ? `${detailStyles.riskFact} ${detailStyles.riskFactWide}` : detailStyles.riskFact
      }
    >
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
