/** The retry button's text in both apps. */
export const RETRY_TEXT = 'Try again';

export interface LoadStatusProps {
  /** True while there is nothing to show yet (the first read of this data is on its way). */
  pending?: boolean;
  /** The ready-to-show text of a failed read (the SDK's `'{operation}: {message}'`), or null. */
  error: string | null;
  /** Reads again; called by the retry button. */
  onRetry: () => unknown;
  /** What the busy line says, e.g. `'Loading payments…'`; without it nothing shows while pending. */
  loadingText?: string;
  /** The retry button's text; {@link RETRY_TEXT} unless given. */
  retryText?: string;
  /** Draws a spinner before the busy line (the admin app's look). */
  spinner?: boolean;
  /** Class of the busy line (each app styles its own; `load-status` by default). */
  loadingClassName?: string;
  /** Class of the failure box (`form-alert` by default). */
  errorClassName?: string;
  /** Class of the retry button (`button button--ghost` by default). */
  retryClassName?: string;
}

/**
 * The state of a read while it has nothing to show: a busy line (`role="status"`) while pending,
 * the failure text with a retry button (`role="alert"`) when it failed, nothing once the data is
 * there. A failure wins over pending, so a retry in flight keeps the message until it succeeds.
 *
 * @example
 * ```tsx
 * <LoadStatus pending={query.isPending} error={query.isError ? errorMessage(query.error) : null}
 *   onRetry={query.refetch} loadingText="Loading payments…" />
 * ```
 */
export function LoadStatus({
  pending = false,
  error,
  onRetry,
  loadingText,
  retryText = RETRY_TEXT,
  spinner = false,
  loadingClassName = 'load-status',
  errorClassName = 'form-alert',
  retryClassName = 'button button--ghost',
}: LoadStatusProps) {
  if (error !== null) {
    return (
      <div className={errorClassName} role="alert">
        <p>{error}</p>
        <button type="button" className={retryClassName} onClick={() => void onRetry()}>
          {retryText}
        </button>
      </div>
    );
  }
  if (!pending || loadingText === undefined) return null;
  return (
    <p className={loadingClassName} role="status">
      {spinner ? <span className="spinner" aria-hidden="true" /> : null}
      {loadingText}
    </p>
  );
}
