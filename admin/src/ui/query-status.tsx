import { LoadStatus } from '@fm/widgets/kit';
import { ADMIN_TEXT } from '../admin-texts.ts';
import { errorMessage } from '../api/error-message.ts';

/**
 * The kit's loading / failure / retry state in the control panel's look: a spinner with
 * "Loading…", or the SDK's `'{operation}: {message}'` text with a retry button.
 *
 * @example
 * if (user.isPending || user.isError)
 *   return <QueryStatus pending={user.isPending} error={user.error} onRetry={user.refetch} />;
 */
export function QueryStatus({
  pending,
  error,
  onRetry,
}: {
  pending: boolean;
  /** The read's failure, null (or undefined) while it has not failed. */
  error: unknown;
  onRetry: () => unknown;
}) {
  return (
    <LoadStatus
      pending={pending}
      error={error === null || error === undefined ? null : errorMessage(error)}
      onRetry={onRetry}
      loadingText={ADMIN_TEXT.loading}
      retryText={ADMIN_TEXT.retry}
      spinner
      loadingClassName="spinner-with-label"
      errorClassName="form-alert load-failure"
      retryClassName="button button--secondary"
    />
  );
}
