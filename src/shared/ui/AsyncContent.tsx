import type { ReactNode } from 'react';
import { LoadFailed } from './EmptyState';
import { LoadingScreen, Spinner } from './LoadingScreen';
import { TableSkeleton } from './TableSkeleton';

/** What a screen needs of an RTK Query result to show its states. */
export interface QueryState<Data> {
  data?: Data | undefined;
  error?: unknown;
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * How the screen waits: skeleton rows where its table will be, a spinner with words, or (`inline`)
 * a line of muted words with a small spinner, for a panel inside a tab.
 */
export type Loading =
  | { skeleton: { label: string; rows?: number; columns?: number } }
  | { spinner: string }
  | { inline: string };

/**
 * The states of a screen that loads something, in one place: while it loads, skeleton rows (or a
 * spinner); when the call failed, the failure with Try again (`failed` names what could not be
 * loaded; `whenError` answers a status of its own first: a 403 that is not part of the role, a
 * 404); when the data is empty (`isEmpty`), the `empty` state; else `children(data)`.
 */
export function AsyncContent<Data>({
  query,
  loading,
  failed,
  failedLevel,
  whenError,
  isEmpty,
  empty,
  children,
}: {
  query: QueryState<Data>;
  loading: Loading;
  /** 'The tools register could not be loaded'. */
  failed: string;
  failedLevel?: 1 | 2 | 3;
  whenError?: (status: number | undefined) => ReactNode | undefined;
  isEmpty?: (data: Data) => boolean;
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  const { data, error, isLoading, isError, refetch } = query;
  if (isLoading) {
    if ('skeleton' in loading)
      return (
        <TableSkeleton
          label={loading.skeleton.label}
          rows={loading.skeleton.rows}
          columns={loading.skeleton.columns}
        />
      );
    if ('inline' in loading)
      return (
        <p className="muted" role="status">
          <Spinner /> {loading.inline}
        </p>
      );
    return <LoadingScreen label={loading.spinner} />;
  }
  if (isError || data === undefined) {
    const own = isError ? whenError?.(statusOf(error)) : undefined;
    if (own !== undefined) return own;
    return <LoadFailed title={failed} titleLevel={failedLevel} onRetry={() => void refetch()} />;
  }
  if (isEmpty?.(data) && empty !== undefined) return empty;
  return children(data);
}

/** The HTTP status of a failed call (undefined for a network failure). */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}
