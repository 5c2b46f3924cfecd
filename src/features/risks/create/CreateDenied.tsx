import { useEffect } from 'react';
import { entityLabel, LEVEL_LABELS } from '../../../api/contract/display';
import type { RiskKind, RiskLevel } from '../../../api/contract/risks';
import { usePageTitle } from '../../../shared/lib/documentTitle';
import { Breadcrumb } from '../../../shared/ui/Breadcrumb';
import { WayBackLinks } from '../../../shared/ui/WayBackLinks';
import detailStyles from '../riskDetail.module.css';

/** What each creation flag lets its holder do, in the words of the page. */
const FLAG_MEANINGS: Record<string, string> = {
  CAN_CREATE_RISK: 'create risks',
  CAN_CREATE_ISSUE: 'create issues',
  CAN_CREATE_ACCOUNT_LEVEL: `create at the ${LEVEL_LABELS.account}`,
  CAN_CREATE_BUSINESS_LINE_LEVEL: `create at the ${LEVEL_LABELS.business_line}`,
  CAN_CREATE_BUSINESS_SEGMENT_LEVEL: `create at the ${LEVEL_LABELS.business_segment}`,
};

/**
 * Spec §6 fallback of `/create-risk/{level}` and `/create-issue/{level}`: shown, before any form,
 * to a user without every flag creating this kind at this level needs, naming the ones missing.
 */
export function CreateDenied({
  kind,
  level,
  missing,
}: {
  kind: RiskKind;
  level: RiskLevel;
  missing: readonly string[];
}) {
  const entity = entityLabel(level, kind).toLowerCase();
  const what = `${/^[aeiou]/.test(entity) ? 'an' : 'a'} ${entity}`;
  const title = `You may not create ${what}`;
  usePageTitle(title);
  useEffect(() => {
    console.warn(`Creating ${what} denied: missing permission ${missing.join(', ')}`);
  }, [what, missing]);
  return (
    <section className="risk-create" aria-labelledby="risk-create-denied-title">
      <Breadcrumb trail={[{ label: 'Risks and issues', to: `/risks?level=${level}` }]} />
      <p className={detailStyles.riskKicker}>{LEVEL_LABELS[level]}</p>
      <h1 id="risk-create-denied-title">{title}</h1>
      <p>Creating {what} needs what your role does not hold:</p>
      <ul>
        {missing.map((flag) => (
          <li key={flag}>
            <code>{flag}</code>, to {FLAG_MEANINGS[flag] ?? 'create it'}
          </li>
        ))}
      </ul>
      <p>
        If you think your role should hold it, ask your account delivery owner or the platform
        support team.
      </p>
      <WayBackLinks to={{ to: `/risks?level=${level}`, label: 'Back to risks and issues' }} />
    </section>
  );
}
