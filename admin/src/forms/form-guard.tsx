import { leavingWith, type SubmitOutcome, UnsavedChangesGuard } from '@fm/widgets/kit';
import { useBlocker } from 'react-router';

/** The spec's text when a save is refused by validation (admin-panel §5). */
export const VALIDATION_FAILED = 'Validation failed please check the form again';

/**
 * The unsaved-changes prompt of an admin form: Save and Leave, Leave Without Saving, or stay.
 * `saved` lets a form that just saved navigate away without being asked.
 */
export function FormGuard({
  dirty,
  onSave,
}: {
  dirty: boolean;
  onSave: () => Promise<SubmitOutcome>;
}) {
  const blocker = useBlocker(leavingWith(dirty));
  return <UnsavedChangesGuard when={dirty} onSave={onSave} blocker={blocker} />;
}
