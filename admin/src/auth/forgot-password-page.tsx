import { isApiError } from '@fm/sdk';
import { ForgotPasswordInputSchema } from '@fm/sdk/contracts';
import { AccountEmailField, FormAlert, SubmitButton, useValibotForm } from '@fm/widgets/kit';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_TEXT } from '../admin-texts.ts';
import { api } from '../api/client.ts';
import { errorMessage } from '../api/error-message.ts';
import { paths } from '../paths.ts';
import { AuthHeading } from './auth-layout.tsx';

/**
 * A request that never reached a verdict (offline, rate limited, server down) is worth retrying;
 * every other answer gets the same neutral confirmation, so accounts cannot be probed.
 */
function shouldRetry(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status === 429 || error.status >= 500);
}

/** `/control-panel/auth/forgot-password`. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useValibotForm({
    schema: ForgotPasswordInputSchema,
    initialValues: { email: '' },
    onSubmit: async (input) => {
      try {
        await api.auth.forgotPassword(input);
        setSent(true);
      } catch (error) {
        if (shouldRetry(error)) form.setFormError(errorMessage(error));
        else setSent(true);
      }
    },
  });

  return (
    <>
      <AuthHeading
        title={ADMIN_TEXT.forgotPasswordTitle}
        subtitle={sent ? undefined : ADMIN_TEXT.forgotPasswordSubtitle}
      />
      {sent ? (
        <p className="form-success" role="status">
          {ADMIN_TEXT.resetLinkSent}
        </p>
      ) : (
        <form className="form" onSubmit={form.handleSubmit} noValidate aria-label="Forgot password">
          <FormAlert message={form.formError} />
          <AccountEmailField autoComplete="username" field={form.field('email')} />
          <SubmitButton pending={form.isSubmitting}>{ADMIN_TEXT.sendResetLink}</SubmitButton>
        </form>
      )}
      <p className="auth-card__footer">
        <Link to={paths.signIn}>{ADMIN_TEXT.backToSignIn}</Link>
      </p>
    </>
  );
}
