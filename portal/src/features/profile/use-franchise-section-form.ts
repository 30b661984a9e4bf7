import type { ProfilePatch } from '@fm/sdk/contracts';
import type { FormValues } from '@fm/widgets/kit';
import type * as v from 'valibot';
import { api } from '../../shared/api-client.ts';
import { useMyProfile } from './my-profile-store.tsx';
import { changedValues, withFormFieldNames } from './profile-patch.ts';
import { toastProfileUpdateFailed } from './profile-toasts.ts';
import { useProfileSectionForm } from './use-profile-section-form.ts';

/**
 * A franchisor's franchise section (Franchise Details, Investment Profile, Training and Support,
 * Referral Fee): saves the changed fields as `{ franchise: … }`, keeps the saved profile, and
 * shows the server's `franchise.x` messages under the form's `x` fields.
 *
 * @example
 * ```tsx
 * const form = useFranchiseSectionForm({ schema, initialValues: trainingValues(profile.franchise) });
 * ```
 */
export function useFranchiseSectionForm<
  TValues extends FormValues,
  TSchema extends v.GenericSchema,
>({
  schema,
  initialValues,
  toInput,
  patchOf = (values, changed) => changedValues(values, changed),
}: {
  schema: TSchema;
  initialValues: TValues;
  toInput?: (values: TValues) => unknown;
  /** The franchise patch for the changed fields (default: their values as they are). */
  patchOf?: (values: TValues, changed: readonly (keyof TValues & string)[]) => object;
}) {
  const { setProfile } = useMyProfile();
  return useProfileSectionForm({
    schema,
    initialValues,
    ...(toInput ? { toInput } : {}),
    save: async ({ values, changed }) => {
      try {
        const franchise = patchOf(values, changed) as NonNullable<ProfilePatch['franchise']>;
        setProfile(await api.profile.update({ franchise }));
      } catch (error) {
        toastProfileUpdateFailed(error);
        throw withFormFieldNames(error, 'franchise.');
      }
    },
  });
}
