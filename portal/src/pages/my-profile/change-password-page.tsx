import { ChangePasswordInputSchema, TOASTS } from '@fm/sdk/contracts';
import { FormAlert, PasswordChangeFields, SubmitButton, useValibotForm } from '@fm/widgets/kit';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { PageShell } from '../page-shell.tsx';
import { BACK_TO_PROFILE } from './my-profile-sections.ts';

/** `/my-profile/change-password` (Settings in the profile menu). */
export function ChangePasswordPage() {
  const form = useValibotForm({
    schema: ChangePasswordInputSchema,
    initialValues: { oldPassword: '', password: '', confirmPassword: '' },
    onSubmit: async (input) => {
      await api.users.changePassword(input);
      form.reset();
      toast.success(TOASTS.passwordChanged);
    },
  });

  return (
    <PageShell title="Change Password" backTo={BACK_TO_PROFILE}>
      <form className="form form--narrow" onSubmit={form.handleSubmit} noValidate>
        <PasswordChangeFields field={form.field} />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.isSubmitting} className="button button--primary">
          Change Password
        </SubmitButton>
      </form>
    </PageShell>
  );
}
