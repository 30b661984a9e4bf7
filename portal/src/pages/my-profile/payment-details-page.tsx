import { CONSULTANT_SHARE_PERCENT, PLATFORM_FEE_PERCENT } from '@fm/sdk/contracts';
import { PaymentEmailForm } from '../../features/payments/payment-email-form.tsx';
import { PaymentMethodsPanel } from '../../features/payments/payment-methods-panel.tsx';
import { PayoutAccountPanel } from '../../features/payments/payout-account-panel.tsx';
import { useSession } from '../../shared/session.ts';
import { PageShell } from '../page-shell.tsx';
import { BACK_TO_PROFILE } from './my-profile-sections.ts';

/**
 * `/my-profile/payment-details` (and its `payment` alias): franchisors manage the cards their
 * meetings and subscription are charged to; consultants see how they are paid and connect the
 * payout account their Payment Details step stands for (user-area §4). Both can change the payment
 * e-mail.
 */
export function PaymentDetailsPage() {
  const session = useSession();
  const role = session?.role ?? 'franchisor';
  return (
    <PageShell title="Payment Details" backTo={BACK_TO_PROFILE} className="payments">
      {role === 'franchisor' ? <PaymentMethodsPanel /> : null}
      {role === 'consultant' ? (
        <section className="payments-card" aria-labelledby="payouts-note-heading">
          <h2 id="payouts-note-heading" className="payments-card__title">
            How you get paid
          </h2>
          <p className="page__text">
            Payouts are made monthly by ACH to the account on file. You receive{' '}
            {CONSULTANT_SHARE_PERCENT}% of each completed meeting; the platform keeps{' '}
            {PLATFORM_FEE_PERCENT}%. Your payouts and their statements are on the Payments page.
          </p>
          <PayoutAccountPanel returnTo="payment-details" />
        </section>
      ) : null}
      {role !== 'admin' ? <PaymentEmailForm /> : null}
    </PageShell>
  );
}
