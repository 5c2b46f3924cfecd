import { Button } from '../../../shared/ui/Button';
import { RiskListView } from '../../risks/embed';
import type { CardTabProps } from '../card/cardTab';
import styles from './tabs.module.css';

/** The Risks tab: the project's risks and issues through the risk register's own list. */
export default function RisksTab({ project, permissions }: CardTabProps) {
  const create = (kind: 'risk' | 'issue') => `/create-${kind}/project?project=${project.id}`;
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <Button variant="quiet-link" to={`/risks?level=project&scope=${project.id}`}>
          Open in the risk register
        </Button>
        <span className={styles.actions}>
          {permissions.includes('CAN_CREATE_RISK') && (
            <Button variant="primary" to={create('risk')}>
              New risk
            </Button>
          )}
          {permissions.includes('CAN_CREATE_ISSUE') && (
            <Button to={create('issue')}>New issue</Button>
          )}
        </span>
      </div>
      <RiskListView level="project" scope={project.id} fixedScope />
    </div>
  );
}
