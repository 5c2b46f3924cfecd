import { PageHeader } from '../../shared/ui/PageHeader';
import { AREAS } from './areas';

const EXTRA: Record<string, { label: string; summary: string }> = {
  '/accounts': {
    label: 'Accounts',
    summary: 'Account details: delivery owner, assistants, NPS and CSAT status.',
  },
  '/notifications': {
    label: 'Actions',
    summary:
      'Pending risk action requests: propagations, delegations and escalations awaiting your decision.',
  },
};

/** An area no issue has built yet: its route names what it will hold. */
export function AreaPage({ path }: { path: string }) {
  const area = AREAS.find((candidate) => candidate.path === path) ?? EXTRA[path];
  return (
    <PageHeader title={area?.label ?? 'Project Excellence Platform'} subtitle={area?.summary} />
  );
}
