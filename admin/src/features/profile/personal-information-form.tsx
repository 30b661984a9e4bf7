import { TOASTS } from '@fm/sdk/contracts';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_TEXT } from '../../admin-texts.ts';
import { api } from '../../api/client.ts';
import { errorMessage, serverMessageOr } from '../../api/error-message.ts';
import { FormAlert } from '../../forms/form-alert.tsx';
import { SubmitButton } from '../../forms/submit-button.tsx';
import { TextField } from '../../forms/text-field.tsx';
import { useForm } from '../../forms/use-form.ts';
import { rememberUser } from '../../session/session-store.ts';
import { Spinner } from '../../ui/spinner.tsx';
import type { PersonalInformationValues } from './personal-information-schema.ts';
import { nonEmptyFields, PersonalInformationFormSchema } from './personal-information-schema.ts';

const EMPTY: PersonalInformationValues = { firstName: '', lastName: '', email: '' };

type LoadState =
  | { status: 'loading' }
  | { status: 'ready' }
  | { status: 'failed'; message: string };

/** The Personal Information tab: first name, last name and e-mail, prefilled from the profile. */
export function PersonalInformationForm() {
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });

  const form = useForm({
    schema: PersonalInformationFormSchema,
    initialValues: EMPTY,
    onSubmit: async (values) => {
      try {
        const profile = await api.users.updateAccount(nonEmptyFields(values));
        rememberUser(profile);
        form.reset({
          firstName: profile.firstName,
          lastName: profile.lastName,
          email: profile.email,
        });
        toast.success(TOASTS.adminProfileUpdated);
      } catch (error) {
        form.showServerErrors(error);
        toast.error(serverMessageOr(error, TOASTS.failedToUpdateProfile));
      }
    },
  });
  const { reset } = form;

  const loadProfile = useCallback(
    (isCurrent: () => boolean) => {
      setLoad({ status: 'loading' });
      api.users
        .getProfile()
        .then((profile) => {
          if (!isCurrent()) return;
          reset({ firstName: profile.firstName, lastName: profile.lastName, email: profile.email });
          setLoad({ status: 'ready' });
        })
        .catch((error: unknown) => {
          if (isCurrent()) setLoad({ status: 'failed', message: errorMessage(error) });
        });
    },
    [reset],
  );

  useEffect(() => {
    let current = true;
    loadProfile(() => current);
    return () => {
      current = false;
    };
  }, [loadProfile]);

  if (load.status === 'loading') return <Spinner label={ADMIN_TEXT.loading} />;
  if (load.status === 'failed') {
    return (
      <div className="profile-form">
        <FormAlert>{load.message}</FormAlert>
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => loadProfile(() => true)}
          >
            {ADMIN_TEXT.retry}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="form profile-form"
      onSubmit={form.handleSubmit}
      noValidate
      aria-label="Personal Information"
    >
      <div className="profile-form__row">
        <TextField label="First Name" autoComplete="given-name" {...form.field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" {...form.field('lastName')} />
      </div>
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        {...form.field('email')}
      />
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <div className="form__actions">
        <SubmitButton submitting={form.submitting}>Save Changes</SubmitButton>
      </div>
    </form>
  );
}
