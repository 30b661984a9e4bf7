import { FormAlert } from '@fm/widgets/kit';
import { ADMIN_TEXT } from '../admin-texts.ts';
import { errorMessage } from '../api/error-message.ts';

/** A read that failed: the SDK's `'{operation}: {message}'` text and a retry button. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  return (
    <div className="load-failure">
      <FormAlert message={errorMessage(error)} />
      <button type="button" className="button button--secondary" onClick={() => void onRetry()}>
        {ADMIN_TEXT.retry}
      </button>
    </div>
  );
}
