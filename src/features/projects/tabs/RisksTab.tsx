import { Button } from '../../../shared/ui/Button';
import { RiskListView } from '../../risks/embed';
import type { CardTabProps } from '../card/cardTab';
import { ButtonRow, Stack, Toolbar } from '../../../shared/ui/Layout';

/** The Risks tab: the project's risks and issues through the risk register's own list. */
export default function RisksTab({ project, permissions }: CardTabProps) {
  const create = (kind: 'risk' | 'issue') => `/create-${kind}/project?project=${project.id}`;
  return (
    <Stack>
      <Toolbar>
        <Button variant="quiet-link" to={`/risks?level=project&scope=${project.id}`}>
          Open in the risk register
        </Button>
        <ButtonRow as="span">
          {permissions.includes('CAN_CREATE_RISK') && (
            <Button variant="primary" to={create('risk')}>
              New risk
            </Button>
          )}
          {permissions.includes('CAN_CREATE_ISSUE') && (
            <Button to={create('issue')}>New issue</Button>
          )}
        </ButtonRow>
      </Toolbar>
      <RiskListView level="project" scope={project.id} fixedScope />
    </Stack>
  );
}
