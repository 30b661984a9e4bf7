import { GENERIC_MESSAGES, SignInInputSchema } from '@fm/sdk/contracts';
import {
  AccountEmailField,
  FormAlert,
  PasswordField,
  SubmitButton,
  useValibotForm,
} from '@fm/widgets/kit';
import type { Location } from 'react-router';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ADMIN_TEXT } from '../admin-texts.ts';
import { api, clearAdminSession } from '../api/client.ts';
import { errorMessage } from '../api/error-message.ts';
import { isAuthPath, paths } from '../paths.ts';
import { useSession } from '../session/session-store.ts';
import { AuthHeading } from './auth-layout.tsx';

/** Where a guest was going when the guard sent them here (kept in navigation state). */
export interface SignInRedirectState {
  from?: string;
}

function redirectTarget(location: Location): string {
  const from = (location.state as SignInRedirectState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !isAuthPath(from)
    ? from
    : paths.dashboard;
}

/** `/control-panel/auth/sign-in`: only admins get in; any other role is signed out again. */
export function SignInPage() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const target = redirectTarget(location);

  const form = useValibotForm({
    schema: SignInInputSchema,
    initialValues: { email: '', password: '' },
    onSubmit: async (input) => {
      let user: Awaited<ReturnType<typeof api.auth.signIn>>['user'];
      try {
        ({ user } = await api.auth.signIn(input));
      } catch (error) {
        // The SDK's '{operation}: {message}' text, e.g. 'Error signing in: Invalid email or password'.
        form.setFormError(errorMessage(error));
        return;
      }
      if (user.role !== 'admin') {
        await api.auth.signOut().catch(() => undefined);
        clearAdminSession();
        form.setFormError(GENERIC_MESSAGES.permissionDenied);
        return;
      }
      await navigate(target, { replace: true });
    },
  });

  if (session?.user.role === 'admin' && !form.isSubmitting) {
    return <Navigate to={target} replace />;
  }

  return (
    <>
      <AuthHeading title={ADMIN_TEXT.signInTitle} subtitle={ADMIN_TEXT.signInSubtitle} />
      <form className="form" onSubmit={form.handleSubmit} noValidate aria-label="Sign in">
        <FormAlert message={form.formError} />
        <AccountEmailField autoComplete="username" field={form.field('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          field={form.field('password')}
        />
        <div className="auth-card__row">
          <Link to={paths.forgotPassword}>{ADMIN_TEXT.forgotPasswordLink}</Link>
        </div>
        <SubmitButton pending={form.isSubmitting}>{ADMIN_TEXT.signIn}</SubmitButton>
      </form>
    </>
  );
}
