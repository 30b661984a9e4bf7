import { FIELD_MESSAGES, NewPasswordFormSchema } from '@fm/sdk/contracts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ADMIN_TEXT } from '../admin-texts.ts';
import { api } from '../api/client.ts';
import { errorMessage } from '../api/error-message.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { PasswordField } from '../forms/password-field.tsx';
import { SubmitButton } from '../forms/submit-button.tsx';
import { useForm } from '../forms/use-form.ts';
import { paths } from '../paths.ts';
import { AuthHeading } from './auth-layout.tsx';

/** `/control-panel/auth/reset-password?token=…`: the link of the reset e-mail. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();

  const form = useForm({
    schema: NewPasswordFormSchema,
    initialValues: { password: '', confirmPassword: '' },
    onSubmit: async ({ password }) => {
      try {
        await api.auth.resetPassword({ token, password });
        toast.success(ADMIN_TEXT.passwordResetDone);
        await navigate(paths.signIn, { replace: true });
      } catch (error) {
        if (!form.showServerErrors(error)) form.setFormError(errorMessage(error));
      }
    },
  });

  if (!token) {
    return (
      <>
        <AuthHeading title={ADMIN_TEXT.resetPasswordTitle} />
        <FormAlert>{ADMIN_TEXT.resetLinkInvalid}</FormAlert>
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
        {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          autoFocus
          hint={FIELD_MESSAGES.passwordRule}
          {...form.field('password')}
        />
        <PasswordField
          label="Repeat Password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <SubmitButton submitting={form.submitting} block>
          {ADMIN_TEXT.resetPassword}
        </SubmitButton>
      </form>
      <p className="auth-card__footer">
        <Link to={paths.signIn}>{ADMIN_TEXT.backToSignIn}</Link>
      </p>
    </>
  );
}
