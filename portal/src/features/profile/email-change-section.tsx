import {
  EMAIL_CHANGE_TEXT,
  EmailChangeInputSchema,
  EmailSchema,
  type OwnProfile,
} from '@fm/sdk/contracts';
import { FormFooter, PasswordField, TextField, useValibotForm } from '@fm/widgets/kit';
import { useId } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { api } from '../../shared/api-client.ts';
import { useMyProfile } from './my-profile-store.tsx';

/**
 * Whether the typed text asks for another address than `current` (compared as the server does):
 * then the form asks for the current password too.
 * @example asksForChange(' Ada@Example.com ', 'ada@example.com'); // false
 */
export function asksForChange(text: string, current: string): boolean {
  if (text.trim() === '') return false;
  const parsed = v.safeParse(EmailSchema, text);
  return !parsed.success || parsed.output !== current;
}

/**
 * Change Email on the my-profile pages: a field for the new address; once it holds another address
 * than the current one, the current password is asked for too. A saved change is pending (the
 * account keeps its address) until the link mailed to the new address is opened, and says so.
 *
 * @example
 * ```tsx
 * <EmailChangeSection profile={profile} />
 * ```
 */
export function EmailChangeSection({ profile }: { profile: OwnProfile }) {
  const { setProfile } = useMyProfile();
  const id = useId();
  const form = useValibotForm({
    schema: EmailChangeInputSchema,
    initialValues: { email: '', currentPassword: '' },
    onSubmit: async (input) => {
      const updated = await api.profile.changeEmail(input);
      form.reset();
      setProfile(updated);
      toast.success(EMAIL_CHANGE_TEXT.sent(input.email));
    },
  });
  const changes = asksForChange(form.values.email, profile.email);

  return (
    <section className="profile-form__group" aria-labelledby={id}>
      <h2 className="profile-form__group-title" id={id}>
        {EMAIL_CHANGE_TEXT.title}
      </h2>
      <p className="profile-form__group-text">{EMAIL_CHANGE_TEXT.lead}</p>
      {profile.pendingEmail ? (
        <p className="profile-notice" role="status">
          {EMAIL_CHANGE_TEXT.pending(profile.pendingEmail, profile.email)}
        </p>
      ) : null}
      <form
        className="form"
        onSubmit={form.handleSubmit}
        noValidate
        aria-label={EMAIL_CHANGE_TEXT.title}
      >
        <TextField
          label="New Email"
          type="email"
          autoComplete="email"
          required={false}
          field={form.field('email')}
        />
        {changes ? (
          <>
            <PasswordField
              label="Current Password"
              autoComplete="current-password"
              field={form.field('currentPassword')}
            />
            <FormFooter
              error={form.formError}
              pending={form.isSubmitting}
              buttonClassName="button button--secondary"
            >
              {EMAIL_CHANGE_TEXT.title}
            </FormFooter>
          </>
        ) : null}
      </form>
    </section>
  );
}
