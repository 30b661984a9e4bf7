import { FIELD_MESSAGES } from '@fm/sdk/contracts';
import { type FormValues, type SubmitContext, useValibotForm } from '@fm/widgets/kit';
import { toast } from 'sonner';
import type * as v from 'valibot';
import { toastProfileUpdated } from './profile-toasts.ts';

interface ProfileSectionFormOptions<TValues extends FormValues, TSchema extends v.GenericSchema> {
  schema: TSchema;
  initialValues: TValues;
  toInput?: (values: TValues) => unknown;
  /**
   * Sends the changed fields. Throw to keep the form dirty (the failure toast is the caller's: the
   * texts differ between the profile and the contact calls).
   */
  save: (context: SubmitContext<TValues>) => Promise<void>;
}

/**
 * A my-profile section's form: contract validation while typing, 'Validation failed please check
 * the form again' (message and toast) when a save is refused by validation, only the changed fields
 * sent, and 'Profile updated successfully!' after a save.
 *
 * @example
 * ```tsx
 * const form = useProfileSectionForm({ schema, initialValues, save: async ({ values, changed }) => … });
 * <UnsavedChangesGuard when={form.isDirty} onSave={form.submit} />
 * ```
 */
export function useProfileSectionForm<TValues extends FormValues, TSchema extends v.GenericSchema>(
  options: ProfileSectionFormOptions<TValues, TSchema>,
) {
  return useValibotForm<TValues, TSchema>({
    schema: options.schema,
    initialValues: options.initialValues,
    ...(options.toInput ? { toInput: options.toInput } : {}),
    validateOn: 'change',
    invalidMessage: FIELD_MESSAGES.formValidationFailed,
    onInvalid: () => toast.error(FIELD_MESSAGES.formValidationFailed),
    onSubmit: async (_output, context) => {
      if (context.changed.length > 0) await options.save(context);
      toastProfileUpdated();
    },
  });
}
