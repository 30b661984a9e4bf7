import { isApiError } from '@fm/sdk';
import { FIELD_MESSAGES } from '@fm/sdk/contracts';
import { FormAlert } from '@fm/widgets/kit';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { errorMessage } from '../../shared/error-message.ts';

/** Changes the e-mail the payment provider uses for receipts and statements (both roles). */
export function PaymentEmailForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    if (email.trim() === '') {
      setError(FIELD_MESSAGES.stripeEmailRequired);
      return;
    }
    setError(null);
    setPending(true);
    try {
      await api.profile.changePaymentEmail(email);
      toast.success('Payment email updated');
    } catch (caught) {
      const fieldError = isApiError(caught) ? caught.errors?.email : undefined;
      if (fieldError) setError(fieldError);
      else setAlert(errorMessage(caught));
    } finally {
      setPending(false);
    }
  };

  const inputId = `${id}-email`;
  return (
    <section className="payments-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="payments-card__title">
        Payment email
      </h2>
      <form className="form" aria-label="Payment email" noValidate onSubmit={submit}>
        <div className="field" data-invalid={error ? '' : undefined}>
          <label className="field__label" htmlFor={inputId}>
            Email
          </label>
          <p className="field__hint" id={`${inputId}-hint`}>
            Receipts and payment statements are sent to this address.
          </p>
          <input
            className="field__input"
            id={inputId}
            type="email"
            value={email}
            autoComplete="email"
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${inputId}-hint ${inputId}-error`}
          />
          <p className="field__error" id={`${inputId}-error`} aria-live="polite">
            {error ?? ''}
          </p>
        </div>
        <FormAlert message={alert} />
        <button type="submit" className="button button--primary" disabled={pending}>
          Change Email
        </button>
      </form>
    </section>
  );
}
