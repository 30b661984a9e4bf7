import type { OwnProfile } from '@fm/sdk/contracts';
import { EMAIL_CHANGE_TEXT, TOASTS } from '@fm/sdk/contracts';
import { FormFooter, PasswordField, TextField, toast, useValibotForm } from '@fm/widgets/kit';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { serverMessageOr } from '../../api/error-message.ts';
import { ADMIN_PROFILE_KEY } from '../../layout/admin-time-zone.ts';
import { rememberUser } from '../../session/session-store.ts';
import { QueryStatus } from '../../ui/query-status.tsx';
import { nonEmptyFields, PersonalInformationFormSchema } from './personal-information-schema.ts';

function valuesOf(profile: Pick<OwnProfile, 'firstName' | 'lastName' | 'email'>) {
  return { firstName: profile.firstName, lastName: profile.lastName, email: profile.email };
}
const withPassword = (values: ReturnType<typeof valuesOf>) => ({ ...values, currentPassword: '' });

/** The Personal Information tab: first name, last name and e-mail, prefilled from the profile. */
export function PersonalInformationForm() {
  const profile = useQuery({ queryKey: ADMIN_PROFILE_KEY, queryFn: () => api.users.getProfile() });
  if (profile.isPending || profile.isError) {
    return (
      <QueryStatus pending={profile.isPending} error={profile.error} onRetry={profile.refetch} />
    );
  }
  return <PersonalInformationFields initial={withPassword(valuesOf(profile.data))} />;
}

function PersonalInformationFields({ initial }: { initial: ReturnType<typeof withPassword> }) {
  const form = useValibotForm({
    schema: PersonalInformationFormSchema,
    initialValues: initial,
    onSubmit: async (values) => {
      try {
        const update = nonEmptyFields(values);
        const changesEmail = update.email !== undefined && update.email !== initial.email;
        const profile = await api.users.updateAccount(
          changesEmail ? { ...update, currentPassword: values.currentPassword } : update,
        );
        rememberUser(profile);
        form.commit(withPassword(valuesOf(profile)));
        toast.success(
          profile.pendingEmail
            ? EMAIL_CHANGE_TEXT.sent(profile.pendingEmail)
            : TOASTS.adminProfileUpdated,
        );
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
      {/* A new e-mail needs the current password and the new mailbox's link (EMAIL_CHANGE_TEXT). */}
      {form.values.email.trim() !== '' && form.values.email.trim() !== initial.email ? (
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          field={form.field('currentPassword')}
        />
      ) : null}
      <FormFooter error={form.formError} pending={form.isSubmitting}>
        Save Changes
      </FormFooter>
    </form>
  );
}
