import { SignInInputSchema } from '@fm/sdk/contracts';
import {
  AccountEmailField,
  FormAlert,
  PasswordField,
  SubmitButton,
  useValibotForm,
} from '@fm/widgets/kit';
import { Link } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { useGoHome } from '../../shared/navigation.ts';
import { PATHS } from '../../shared/paths.ts';
import { AuthCard } from './auth-card.tsx';

/** `/sign-in`: email and password; then the role's find page. */
export function SignInPage() {
  const goHome = useGoHome();
  const form = useValibotForm({
    schema: SignInInputSchema,
    initialValues: { email: '', password: '' },
    onSubmit: async (input) => {
      const result = await api.auth.signIn(input);
      goHome(result.user.role);
    },
  });

  return (
    <AuthCard
      title="Log In"
      lead="Welcome back. Log in to find, book and meet."
      footer={
        <p>
          Don&apos;t have an account? <Link to={PATHS.signUp}>Sign Up</Link>
        </p>
      }
    >
      <form className="form" onSubmit={form.handleSubmit} noValidate aria-label="Log in">
        <AccountEmailField field={form.field('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          field={form.field('password')}
        />
        <p className="form-aside">
          <Link to={PATHS.forgotPassword}>Forgot password?</Link>
        </p>
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.isSubmitting}>Log In</SubmitButton>
      </form>
    </AuthCard>
  );
}
