import { NewPasswordFormSchema } from '@fm/sdk/contracts';
import { FormAlert, NewPasswordFields, SubmitButton, useValibotForm } from '@fm/widgets/kit';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AuthCard } from './auth-card.tsx';

interface TokenPasswordPageProps {
  title: string;
  /** Shown above the form only: a page without a token has nothing to explain. */
  lead?: string;
  footer: ReactNode;
  /** The alert in place of the form when the link carries no token. */
  missingTokenMessage: string;
  formLabel: string;
  passwordLabel: string;
  submitLabel: string;
  /** Sends the link's token with the chosen password; a rejection shows as the form's alert. */
  onSubmit: (token: string, password: string) => Promise<void>;
}

/**
 * A page reached by an e-mailed `?token=…` link that sets a password: the password twice, checked
 * by the one new-password schema, or an alert when the link has no token.
 */
export function TokenPasswordPage({
  title,
  lead,
  footer,
  missingTokenMessage,
  formLabel,
  passwordLabel,
  submitLabel,
  onSubmit,
}: TokenPasswordPageProps) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const form = useValibotForm({
    schema: NewPasswordFormSchema,
    initialValues: { password: '', confirmPassword: '' },
    onSubmit: ({ password }) => onSubmit(token, password),
  });
  if (!token) {
    return (
      <AuthCard title={title} footer={footer}>
        <FormAlert message={missingTokenMessage} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} lead={lead} footer={footer}>
      <form className="form" onSubmit={form.handleSubmit} noValidate aria-label={formLabel}>
        <NewPasswordFields
          field={form.field}
          label={passwordLabel}
          repeatLabel="Confirm Password"
          autoFocus
        />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.isSubmitting}>{submitLabel}</SubmitButton>
      </form>
    </AuthCard>
  );
}
