import { GitCompareArrows } from 'lucide-react';
import type { ComparableSummary } from '../../api/contract/compare';
import { Button } from '../../shared/ui/Button';
import { useGetComparableQuery } from './api';
import { comparePath } from './paths';

/**
 * The results page's way into the comparison: shown only once the server says the check has
 * another one to compare with, or a project manager and experts.
 */
export function CompareButton({ pollId }: { pollId: number }) {
  const { data } = useGetComparableQuery(pollId);
  if (!data || (data.checks.length === 0 && !data.roles)) return null;
  return (
    <Button
      to={comparePath(pollId, data.checks.length === 0 ? 'roles' : undefined)}
      icon={GitCompareArrows}
    >
      Compare
    </Button>
  );
}

/** A `/summary` row's way into the comparison, only where one exists. */
export function CompareLink({
  pollId,
  comparable,
  label,
}: {
  pollId: number;
  comparable: ComparableSummary;
  /** What the link compares, for screen readers: 'Compare Health check HC_8'. */
  label: string;
}) {
  if (comparable.checks === 0 && !comparable.roles) return null;
  return (
    <Button
      to={comparePath(pollId, comparable.checks === 0 ? 'roles' : undefined)}
      size="sm"
      icon={GitCompareArrows}
      aria-label={label}
    >
      Compare
    </Button>
  );
}
