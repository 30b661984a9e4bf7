import { ForgotPasswordInputSchema } from '@fm/sdk/contracts';
import { AccountEmailField, FormAlert, SubmitButton, useValibotForm } from '@fm/widgets/kit';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { PATHS } from '../../shared/paths.ts';
import { AuthCard } from './auth-card.tsx';

/** The same answer whether or not the address has an account, so accounts cannot be probed. */
export const RESET_LINK_SENT = 'If an account exists for this email, a reset link is on its way.';

/** `/forgot-password`: sends a reset link by e-mail. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useValibotForm({
    schema: ForgotPasswordInputSchema,
    initialValues: { email: '' },
    onSubmit: async (input) => {
      await api.auth.forgotPassword(input);
      setSent(true);
    },
  });
  return (
    <AuthCard
      title="Forgot Password"
      lead="Enter your account's email and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to={PATHS.signIn}>Log In</Link>
        </p>
      }
    >
      {sent ? (
        <p className="form-success" role="status">
          {RESET_LINK_SENT}
        </p>
      ) : (
        <form className="form" onSubmit={form.handleSubmit} noValidate aria-label="Forgot password">
          <AccountEmailField field={form.field('email')} />
          <FormAlert message={form.formError} />
          <SubmitButton pending={form.isSubmitting}>Send Reset Link</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
