import { ChangePasswordInputSchema, FIELD_MESSAGES, TOASTS } from '@fm/sdk/contracts';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ADMIN_TEXT } from '../../admin-texts.ts';
import { api, clearAdminSession } from '../../api/client.ts';
import { errorMessage } from '../../api/error-message.ts';
import { FormAlert } from '../../forms/form-alert.tsx';
import { PasswordField } from '../../forms/password-field.tsx';
import { SubmitButton } from '../../forms/submit-button.tsx';
import { useForm } from '../../forms/use-form.ts';
import { paths } from '../../paths.ts';

/**
 * The Change Password tab, validated on submit (admin-panel §5). Success ends the session and
 * sends the admin to sign-in with the new password (admin-panel §4).
 */
export function ChangePasswordForm() {
  const navigate = useNavigate();
  const form = useForm({
    schema: ChangePasswordInputSchema,
    initialValues: { oldPassword: '', password: '', confirmPassword: '' },
    onSubmit: async (input) => {
      try {
        await api.users.changePassword(input);
      } catch (error) {
        form.showServerErrors(error);
        toast.error(errorMessage(error));
        return;
      }
      toast.success(TOASTS.passwordChanged, { description: ADMIN_TEXT.passwordChangedSignInAgain });
      await api.auth.signOut().catch(() => undefined);
      clearAdminSession();
      await navigate(paths.signIn, { replace: true });
    },
  });

  return (
    <form
      className="form profile-form"
      onSubmit={form.handleSubmit}
      noValidate
      aria-label="Change Password"
    >
      <PasswordField
        label="Current Password"
        autoComplete="current-password"
        {...form.field('oldPassword')}
      />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        hint={FIELD_MESSAGES.passwordRule}
        {...form.field('password')}
      />
      <PasswordField
        label="Repeat Password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <div className="form__actions">
        <SubmitButton submitting={form.submitting}>Change Password</SubmitButton>
      </div>
    </form>
  );
}
