import { NewPasswordFormSchema } from '@fm/sdk/contracts';
import { FormAlert, NewPasswordFields, SubmitButton, toast, useValibotForm } from '@fm/widgets/kit';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ADMIN_TEXT } from '../admin-texts.ts';
import { api } from '../api/client.ts';
import { errorMessage } from '../api/error-message.ts';
import { paths } from '../paths.ts';
import { AuthHeading } from './auth-layout.tsx';

/** `/control-panel/auth/reset-password?token=…`: the link of the reset e-mail. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();

  const form = useValibotForm({
    schema: NewPasswordFormSchema,
    initialValues: { password: '', confirmPassword: '' },
    onSubmit: async ({ password }) => {
      try {
        await api.auth.resetPassword({ token, password });
      } catch (error) {
        // The SDK's '{operation}: {message}' text (admin-panel §8), e.g. 'Error resetting password: …'.
        form.setFormError(errorMessage(error));
        return;
      }
      toast.success(ADMIN_TEXT.passwordResetDone);
      await navigate(paths.signIn, { replace: true });
    },
  });

  if (!token) {
    return (
      <>
        <AuthHeading title={ADMIN_TEXT.resetPasswordTitle} />
        <FormAlert message={ADMIN_TEXT.resetLinkInvalid} />
        <p className="auth-card__footer">
          <Link to={paths.forgotPassword}>{ADMIN_TEXT.requestNewLink}</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <AuthHeading
        title={ADMIN_TEXT.resetPasswordTitle}
        subtitle={ADMIN_TEXT.resetPasswordSubtitle}
      />
      <form className="form" onSubmit={form.handleSubmit} noValidate aria-label="Reset password">
        <FormAlert message={form.formError} />
        <NewPasswordFields field={form.field} autoFocus />
        <SubmitButton pending={form.isSubmitting}>{ADMIN_TEXT.resetPassword}</SubmitButton>
      </form>
      <p className="auth-card__footer">
        <Link to={paths.signIn}>{ADMIN_TEXT.backToSignIn}</Link>
      </p>
    </>
  );
}
