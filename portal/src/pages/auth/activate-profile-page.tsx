import { ERROR_CODES, NewPasswordFormSchema, type SignUpRole } from '@fm/sdk/contracts';
import { FormAlert, PasswordField, SubmitButton, useValibotForm } from '@fm/widgets/kit';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { useGoHome } from '../../shared/navigation.ts';
import { PATHS } from '../../shared/paths.ts';
import { AuthCard } from './auth-card.tsx';

const ACCOUNT_NAME: Record<SignUpRole, string> = {
  consultant: 'consultant',
  franchisor: 'franchisor',
};

/**
 * `/activate-profile?token=…` (consultants) and `/activate-profile-franchisor?token=…`: an account
 * created by an admin gets its password here, is signed in, and goes to its home (rule 6).
 */
export function ActivateProfilePage({ accountRole }: { accountRole: SignUpRole }) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const goHome = useGoHome();

  const form = useValibotForm({
    schema: NewPasswordFormSchema,
    initialValues: { password: '', confirmPassword: '' },
    onSubmit: async ({ password }) => {
      const result = await api.auth.activate({ token, password });
      goHome(result.user.role);
    },
  });

  if (!token) {
    return (
      <AuthCard
        title="Activate Your Account"
        footer={
          <p>
            Already activated? <Link to={PATHS.signIn}>Log In</Link>
          </p>
        }
      >
        <div className="form-alert" role="alert">
          {ERROR_CODES.ACTIVATION_TOKEN_INVALID.message}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Activate Your Account"
      lead={`Choose a password for your ${ACCOUNT_NAME[accountRole]} account.`}
      footer={
        <p>
          Already activated? <Link to={PATHS.signIn}>Log In</Link>
        </p>
      }
    >
      <form className="form" onSubmit={form.handleSubmit} noValidate aria-label="Activate account">
        <PasswordField
          label="Password"
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
        <SubmitButton pending={form.isSubmitting}>Activate Account</SubmitButton>
      </form>
    </AuthCard>
  );
}
