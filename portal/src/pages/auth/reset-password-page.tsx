import { ERROR_CODES, NewPasswordFormSchema } from '@fm/sdk/contracts';
import { FormAlert, PasswordField, SubmitButton, useValibotForm } from '@fm/widgets/kit';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { PATHS } from '../../shared/paths.ts';
import { AuthCard } from './auth-card.tsx';

export const PASSWORD_RESET_DONE = 'Your password has been changed. Log in with the new one.';

/** `/reset-password?token=…`: the link from the reset e-mail; a new password twice, then sign-in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const form = useValibotForm({
    schema: NewPasswordFormSchema,
    initialValues: { password: '', confirmPassword: '' },
    onSubmit: async ({ password }) => {
      await api.auth.resetPassword({ token, password });
      toast.success(PASSWORD_RESET_DONE);
      void navigate(PATHS.signIn, { replace: true });
    },
  });
  const footer = (
    <p>
      Need a new link? <Link to={PATHS.forgotPassword}>Send another</Link>
    </p>
  );
  if (!token) {
    return (
      <AuthCard title="Choose a New Password" footer={footer}>
        <div className="form-alert" role="alert">
          {ERROR_CODES.RESET_TOKEN_INVALID.message}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a New Password" footer={footer}>
      <form className="form" onSubmit={form.handleSubmit} noValidate aria-label="Reset password">
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          autoFocus
          field={form.field('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          field={form.field('confirmPassword')}
        />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.isSubmitting}>Change Password</SubmitButton>
      </form>
    </AuthCard>
  );
}
