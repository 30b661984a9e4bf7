import type { PaymentMethod } from '@fm/sdk/contracts';
import { FormAlert, SubmitButton } from '@fm/widgets/kit';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { api } from '../../shared/api-client.ts';
import { errorMessage } from '../../shared/error-message.ts';

const LOAD_FAILED = 'The card form could not be loaded. Please try again later.';

/**
 * Adds a card with Stripe Elements (Stripe mode, decision 016): the card number, expiry and CVC are
 * typed into Stripe's own frame and never reach our server. A SetupIntent from
 * `POST /api/users/payment-method/setup-intent` is confirmed by `stripe.confirmCardSetup` (which
 * runs 3-D Secure when the bank asks for it); the confirmed PaymentMethod's id then goes to the
 * usual `api.payments.addPaymentMethod`. Stripe.js is loaded only here, only in Stripe mode.
 */
export function StripeCardForm({ onAdded }: { onAdded: (method: PaymentMethod) => void }) {
  const id = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{
    stripe: Stripe;
    card: StripeCardElement;
    clientSecret: string;
  } | null>(null);
  const [ready, setReady] = useState(false);
  const [name, setName] = useState('');
  const [cardError, setCardError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  /** A fresh SetupIntent (each is confirmed once) and, the first time, Stripe.js and the card field. */
  async function prepare(signal: { cancelled: boolean }) {
    const setup = await api.payments.createCardSetup();
    if (signal.cancelled) return;
    if (stripeRef.current) {
      stripeRef.current.clientSecret = setup.clientSecret;
      return;
    }
    const { loadStripe } = await import('@stripe/stripe-js/pure');
    const stripe = await loadStripe(setup.publishableKey);
    if (!stripe) throw new Error(LOAD_FAILED);
    if (signal.cancelled || !mountRef.current) return;
    const card = stripe.elements().create('card', { hidePostalCode: true });
    card.on('change', (event) => setCardError(event.error?.message ?? null));
    card.mount(mountRef.current);
    stripeRef.current = { stripe, card, clientSecret: setup.clientSecret };
    setReady(true);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: mounted once; `prepare` reads refs.
  useEffect(() => {
    const signal = { cancelled: false };
    prepare(signal).catch((error: unknown) => {
      if (!signal.cancelled) setAlert(error instanceof Error ? errorMessage(error) : LOAD_FAILED);
    });
    return () => {
      signal.cancelled = true;
      stripeRef.current?.card.destroy();
      stripeRef.current = null;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const loaded = stripeRef.current;
    if (!loaded) return;
    setAlert(null);
    setPending(true);
    try {
      const { setupIntent, error } = await loaded.stripe.confirmCardSetup(loaded.clientSecret, {
        payment_method: {
          card: loaded.card,
          ...(name.trim() ? { billing_details: { name: name.trim() } } : {}),
        },
      });
      if (error || !setupIntent?.payment_method) {
        setAlert(error?.message ?? 'Your card was declined.');
        // A declined or abandoned SetupIntent cannot be confirmed again: the next try gets a new one.
        await prepare({ cancelled: false });
        return;
      }
      const paymentMethodId =
        typeof setupIntent.payment_method === 'string'
          ? setupIntent.payment_method
          : setupIntent.payment_method.id;
      const method = await api.payments.addPaymentMethod({ paymentMethodId, makeDefault: true });
      loaded.card.clear();
      setName('');
      await prepare({ cancelled: false });
      onAdded(method);
    } catch (error) {
      setAlert(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="form card-form" aria-label="Add a card" noValidate onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          Cardholder name
        </label>
        <input
          className="field__input"
          id={`${id}-name`}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="cc-name"
        />
      </div>
      <div className="field" data-invalid={cardError ? '' : undefined}>
        <span className="field__label">Card</span>
        <div
          className="field__input card-form__stripe"
          ref={mountRef}
          data-testid="stripe-card"
          aria-busy={!ready}
        />
        <p className="field__error" aria-live="polite">
          {cardError ?? ''}
        </p>
      </div>
      <FormAlert message={alert} />
      <SubmitButton pending={pending} disabled={!ready} className="button button--primary">
        Add Card
      </SubmitButton>
      <p className="field__hint">Card details are handled by Stripe and never stored by us.</p>
    </form>
  );
}
