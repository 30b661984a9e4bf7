import type { OwnProfile } from '@fm/sdk/contracts';
import { TOASTS } from '@fm/sdk/contracts';
import { FormAlert, SubmitButton, TextField, toast, useValibotForm } from '@fm/widgets/kit';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_TEXT } from '../../admin-texts.ts';
import { api } from '../../api/client.ts';
import { serverMessageOr } from '../../api/error-message.ts';
import { rememberUser } from '../../session/session-store.ts';
import { LoadFailure } from '../../ui/load-failure.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { nonEmptyFields, PersonalInformationFormSchema } from './personal-information-schema.ts';

function valuesOf(profile: Pick<OwnProfile, 'firstName' | 'lastName' | 'email'>) {
  return { firstName: profile.firstName, lastName: profile.lastName, email: profile.email };
}

/** The Personal Information tab: first name, last name and e-mail, prefilled from the profile. */
export function PersonalInformationForm() {
  const profile = useQuery({ queryKey: ['admin-profile'], queryFn: () => api.users.getProfile() });
  if (profile.isPending) return <Spinner label={ADMIN_TEXT.loading} />;
  if (profile.isError) return <LoadFailure error={profile.error} onRetry={profile.refetch} />;
  return <PersonalInformationFields initial={valuesOf(profile.data)} />;
}

function PersonalInformationFields({ initial }: { initial: ReturnType<typeof valuesOf> }) {
  const form = useValibotForm({
    schema: PersonalInformationFormSchema,
    initialValues: initial,
    onSubmit: async (values) => {
      try {
        const profile = await api.users.updateAccount(nonEmptyFields(values));
        rememberUser(profile);
        form.commit(valuesOf(profile));
        toast.success(TOASTS.adminProfileUpdated);
      } catch (error) {
        toast.error(serverMessageOr(error, TOASTS.failedToUpdateProfile));
        throw error;
      }
    },
  });

  return (
    <form
      className="form profile-form"
      onSubmit={form.handleSubmit}
      noValidate
      aria-label="Personal Information"
    >
      <div className="form__row">
        <TextField label="First Name" autoComplete="given-name" field={form.field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" field={form.field('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" field={form.field('email')} />
      <FormAlert message={form.formError} />
      <div className="form__actions">
        <SubmitButton pending={form.isSubmitting} className="button button--primary">
          Save Changes
        </SubmitButton>
      </div>
    </form>
  );
}
