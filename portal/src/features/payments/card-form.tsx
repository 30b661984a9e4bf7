import type { PaymentMethod } from '@fm/sdk/contracts';
import { FormAlert, SubmitButton } from '@fm/widgets/kit';
import { type FormEvent, useId, useState } from 'react';
import { api } from '../../shared/api-client.ts';
import { errorMessage } from '../../shared/error-message.ts';
import {
  CARD_BRAND_LABELS,
  type CardErrors,
  type CardInput,
  detectBrand,
  formatCardNumber,
  formatExpiry,
  STRIPE_TEST_CARDS,
  spacedTestNumber,
  testPaymentMethodIdFor,
  validateCard,
} from './card-rules.ts';

export const DEMO_MODE_CARD_MESSAGE =
  'In this demo only Stripe test cards are accepted. Please use one of the test cards listed below.';

const EMPTY: CardInput = { name: '', number: '', expiry: '', cvc: '' };

/**
 * Adds a card. The number, expiry and CVC are checked here and never sent to our server: in ledger
 * mode (no Stripe keys, rule 10) a valid Stripe test card number is mapped to its test payment-method
 * id. In Stripe mode `StripeCardForm` (Stripe Elements and a SetupIntent) is shown instead.
 */
export function CardForm({ onAdded }: { onAdded: (method: PaymentMethod) => void }) {
  const id = useId();
  const [values, setValues] = useState<CardInput>(EMPTY);
  const [errors, setErrors] = useState<CardErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const brand = detectBrand(values.number);

  const set = (field: keyof CardInput, value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    if (errors[field]) setErrors((before) => ({ ...before, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const found = validateCard(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const paymentMethodId = testPaymentMethodIdFor(values.number);
    if (!paymentMethodId) {
      setAlert(DEMO_MODE_CARD_MESSAGE);
      return;
    }
    setPending(true);
    try {
      const method = await api.payments.addPaymentMethod({ paymentMethodId, makeDefault: true });
      setValues(EMPTY);
      onAdded(method);
    } catch (error) {
      setAlert(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  const field = (
    name: keyof CardInput,
    label: string,
    input: {
      value: string;
      onChange: (value: string) => void;
      autoComplete: string;
      inputMode?: 'numeric' | 'text';
      placeholder?: string;
      maxLength?: number;
    },
  ) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const error = errors[name];
    return (
      <div className="field" data-invalid={error ? '' : undefined}>
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
        <input
          className="field__input"
          id={inputId}
          name={name}
          value={input.value}
          onChange={(event) => input.onChange(event.target.value)}
          autoComplete={input.autoComplete}
          inputMode={input.inputMode}
          placeholder={input.placeholder}
          maxLength={input.maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <p className="field__error" id={errorId} aria-live="polite">
          {error ?? ''}
        </p>
      </div>
    );
  };

  return (
    <form className="form card-form" aria-label="Add a card" noValidate onSubmit={submit}>
      {field('name', 'Cardholder name', {
        value: values.name,
        onChange: (v) => set('name', v),
        autoComplete: 'cc-name',
      })}
      <div className="card-form__number">
        {field('number', 'Card number', {
          value: values.number,
          onChange: (v) => set('number', formatCardNumber(v)),
          autoComplete: 'cc-number',
          inputMode: 'numeric',
          placeholder: '1234 1234 1234 1234',
          maxLength: 23,
        })}
        <span className="card-form__brand" data-testid="card-brand" aria-live="polite">
          {brand ? CARD_BRAND_LABELS[brand] : ''}
        </span>
      </div>
      <div className="form__row">
        {field('expiry', 'Expiry (MM/YY)', {
          value: values.expiry,
          onChange: (v) => set('expiry', formatExpiry(v)),
          autoComplete: 'cc-exp',
          inputMode: 'numeric',
          placeholder: 'MM/YY',
          maxLength: 5,
        })}
        {field('cvc', 'CVC', {
          value: values.cvc,
          onChange: (v) => set('cvc', v.replace(/\D/g, '').slice(0, 4)),
          autoComplete: 'cc-csc',
          inputMode: 'numeric',
          placeholder: '123',
          maxLength: 4,
        })}
      </div>
      <FormAlert message={alert} />
      <SubmitButton pending={pending} className="button button--primary">
        Add Card
      </SubmitButton>
      <details className="card-form__test-cards">
        <summary>Test cards accepted in this demo</summary>
        <ul>
          {STRIPE_TEST_CARDS.map((card) => (
            <li key={card.number}>
              <code>{spacedTestNumber(card.number)}</code> — {card.description}
            </li>
          ))}
        </ul>
        <p className="field__hint">Use any future expiry date, any name and any CVC.</p>
      </details>
    </form>
  );
}
