import { toast } from '@fm/widgets/kit';
import { useQueryClient } from '@tanstack/react-query';

/**
 * What a dialog's form does once its values are valid: send them; on failure toast the reason and
 * rethrow, so the dialog stays open with what was typed; on success toast, refresh every read (a
 * member shows in its tables at once) and close.
 *
 * @example
 * const save = useDialogSave({ saved: ADMIN_TOASTS.franchisorAdded, failure: errorMessage, onDone });
 * useValibotForm({ …, onSubmit: (input) => save(() => adminApi.addExistingFranchisor(input.franchisorId, id)) });
 */
export function useDialogSave({
  saved,
  failure,
  onDone,
}: {
  /** The success toast. */
  saved: string;
  /** The failure toast's text for what the call threw. */
  failure: (error: unknown) => string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  return async (send: () => Promise<unknown>): Promise<void> => {
    try {
      await send();
    } catch (error) {
      toast.error(failure(error));
      throw error;
    }
    toast.success(saved);
    await queryClient.invalidateQueries();
    onDone();
  };
}
