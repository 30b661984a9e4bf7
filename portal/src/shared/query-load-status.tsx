import { LoadStatus, type LoadStatusProps } from '@fm/widgets/kit';
import { failureOf } from './error-message.ts';

/** The part of a TanStack Query result that says how its read went. */
export interface ReadState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The kit's loading / failure / retry state of one query: its busy line while pending (when a
 * `loadingText` is given), the SDK's failure text with a retry button once it failed.
 *
 * @example
 * <QueryLoadStatus query={query} loadingText="Loading payments…" loadingClassName="page__status" />
 */
export function QueryLoadStatus({
  query,
  ...look
}: { query: ReadState } & Omit<LoadStatusProps, 'pending' | 'error' | 'onRetry'>) {
  return (
    <LoadStatus
      pending={query.isPending}
      error={failureOf(query)}
      onRetry={query.refetch}
      {...look}
    />
  );
}
