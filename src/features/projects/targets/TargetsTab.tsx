import { TARGET_EDIT_FLAGS } from '../../../api/contract/targets';
import type { CardTabProps } from '../card/cardTab';
import { Stack } from '../../../shared/ui/Layout';
import { DexAskedTargets } from './DexAskedTargets';
import { TargetsPanel } from './TargetsPanel';

/**
 * The Targets tab: what the project's DEX scope asks for, the project's own delivery targets
 * (CAN_EDIT_TARGETS) and the targets its account set for it (CAN_EDIT_ACCOUNT_PROJECT_TARGETS),
 * each list read-only without its flag.
 */
export default function TargetsTab({ project, permissions }: CardTabProps) {
  const editsOwn = permissions.includes(TARGET_EDIT_FLAGS.project);
  return (
    <Stack>
      <p className="muted">
        A target’s status compares the actual value with the planned one, the way the metric reads:
        for budget variance, defect leakage and attrition, lower is better.
      </p>
      <DexAskedTargets projectId={project.id} editable={editsOwn} />
      <TargetsPanel
        source={{ project: project.id, kind: 'project' }}
        editable={editsOwn}
        description="What the project team commits to deliver, quarter by quarter."
      />
      <TargetsPanel
        source={{ project: project.id, kind: 'account_project' }}
        editable={permissions.includes(TARGET_EDIT_FLAGS.account_project)}
        description={`What ${project.account.name} expects of this project.`}
      />
    </Stack>
  );
}
