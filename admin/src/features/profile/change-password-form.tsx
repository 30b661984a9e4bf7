import { ChangePasswordInputSchema, TOASTS } from '@fm/sdk/contracts';
import { FormFooter, PasswordChangeFields, toast, useValibotForm } from '@fm/widgets/kit';
import { useNavigate } from 'react-router';
import { ADMIN_TEXT } from '../../admin-texts.ts';
import { api, clearAdminSession } from '../../api/client.ts';
import { errorMessage } from '../../api/error-message.ts';
import { paths } from '../../paths.ts';

/**
 * The Change Password tab, validated on submit (admin-panel §5). Success ends the session and
 * sends the admin to sign-in with the new password (admin-panel §4).
 */
export function ChangePasswordForm() {
  const navigate = useNavigate();
  const form = useValibotForm({
    schema: ChangePasswordInputSchema,
    initialValues: { oldPassword: '', password: '', confirmPassword: '' },
    onSubmit: async (input) => {
      try {
        await api.users.changePassword(input);
      } catch (error) {
        toast.error(errorMessage(error));
        throw error;
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
      <PasswordChangeFields field={form.field} />
      <FormFooter error={form.formError} pending={form.isSubmitting}>
        Change Password
      </FormFooter>
    </form>
  );
}
