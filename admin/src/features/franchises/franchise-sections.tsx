import type { AdminFranchiseDetail, Commissions, PaymentMethod } from '@fm/sdk/contracts';
import { COMMISSION_KINDS, TAG_DISPLAY_LIMITS } from '@fm/sdk/contracts';
import { CappedTags, formatDollars, StatusLabel } from '@fm/widgets/kit';
import type { ReactNode } from 'react';
import { DetailList } from '../../ui/detail-list.tsx';

const yesNo = (value: boolean | null | undefined) => (value ? 'Yes' : 'No');
const money = (value: number | null | undefined) =>
  value === null || value === undefined ? null : formatDollars(value);
const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? null : `${value}%`;

function AccordionSection({
  title,
  open = false,
  children,
}: {
  title: string;
  open?: boolean;
  children: ReactNode;
}) {
  return (
    <details className="accordion__section" open={open}>
      <summary className="accordion__summary">{title}</summary>
      <div className="accordion__body">{children}</div>
    </details>
  );
}

function CommissionList({ commissions }: { commissions: Commissions }) {
  return (
    <DetailList items={COMMISSION_KINDS.map((kind) => [kind, money(commissions[kind])] as const)} />
  );
}

/**
 * The franchise detail accordion (admin-panel §2): Payment & Subscription, Franchise Details,
 * Gallery, Contact, Investment Profile, Training and Support, Commissions, Commissions
 * International. Native `<details>` so each section opens with the keyboard and is announced.
 */
export function FranchiseAccordion({
  franchise: f,
  paymentMethods,
}: {
  franchise: AdminFranchiseDetail;
  paymentMethods: readonly PaymentMethod[] | undefined;
}) {
  return (
    <div className="accordion card">
      <AccordionSection title="Payment & Subscription" open>
        <DetailList
          items={[
            ['Subscription', <StatusLabel key="s" status={f.subscription} />],
            ['Billing contact', f.billingAddress],
            [
              'Primary payment method',
              f.primaryPaymentMethod
                ? `${f.primaryPaymentMethod.brand ?? f.primaryPaymentMethod.stripePaymentMethodType} •••• ${f.primaryPaymentMethod.last4}`
                : null,
            ],
            [
              'Payment methods',
              paymentMethods === undefined
                ? '…'
                : paymentMethods
                    .map(
                      (m) =>
                        `${m.brand ?? m.stripePaymentMethodType} •••• ${m.last4} (${String(m.expMonth).padStart(2, '0')}/${m.expYear})`,
                    )
                    .join(', '),
            ],
          ]}
        />
      </AccordionSection>
      <AccordionSection title="Franchise Details">
        <DetailList
          items={[
            ['Status', <StatusLabel key="d" status={f.displayStatus} />],
            ['Visible', yesNo(f.status)],
            ['Country', f.country],
            ['Established', f.established],
            ['Started franchising', f.startedFranchising],
            ['Franchised units', f.franchisedUnits],
            ['Corporate units', f.corporateUnits],
            ['Franchises in Canada', yesNo(f.franchisesInCanada)],
            ['Other international franchises', yesNo(f.otherInternationalFranchises)],
            ['SBA eligible', yesNo(f.sbaEligible)],
            ['E2 visa friendly', yesNo(f.e2VisaFriendly)],
            [
              'Categories',
              <CappedTags
                key="c"
                label="Categories"
                tags={f.categories}
                limit={TAG_DISPLAY_LIMITS.categories}
              />,
            ],
            [
              'States registered in',
              <CappedTags
                key="st"
                label="States"
                tags={f.statesRegisteredIn}
                limit={TAG_DISPLAY_LIMITS.states}
              />,
            ],
            ['Overview', f.overview],
          ]}
        />
      </AccordionSection>
      <AccordionSection title="Gallery">
        {f.photos.length === 0 ? (
          <p>No photos.</p>
        ) : (
          <ul className="gallery">
            {f.photos.map((photo, index) => (
              <li key={photo}>
                <img
                  src={photo}
                  alt={`${f.company}, gallery ${index + 1}`}
                  width={160}
                  height={120}
                />
              </li>
            ))}
          </ul>
        )}
      </AccordionSection>
      <AccordionSection title="Contact">
        <DetailList
          items={[
            ['Email', f.email],
            ['Phone', f.phone],
            ['Work phone', f.workPhone],
            ['Corporate address', f.corporateAddress],
            ['Website', f.corporateWebsite],
          ]}
        />
      </AccordionSection>
      <AccordionSection title="Investment Profile">
        <DetailList
          items={[
            ['Minimum net worth', money(f.minNetWorth)],
            ['Cash required (min)', money(f.cashRequiredMin)],
            ['Cash required (max)', money(f.cashRequiredMax)],
            ['Franchise fee', money(f.franchiseFee)],
            ['Royalty', percent(f.royalty)],
            ['Ad fee', percent(f.adFee)],
            ['Average number of staff', f.avgNumberOfStaff],
            ['Item 19', yesNo(f.item19)],
            ['Absentee model', yesNo(f.absenteeModel)],
            ['Semi-absentee model', yesNo(f.semiAbsenteeModel)],
            ['B2B', yesNo(f.b2b)],
            ['Home based', yesNo(f.homeBased)],
            ['Veteran discount', yesNo(f.veteranDiscount)],
            ['Special discount programs', f.specialDiscountPrograms],
          ]}
        />
      </AccordionSection>
      <AccordionSection title="Training and Support">
        <DetailList
          items={[
            ['Training', f.training],
            ['Financial assistance', yesNo(f.financialAssistance)],
            ['Site selection assistance', yesNo(f.siteSelectionAssistance)],
            ['Lease negotiation assistance', yesNo(f.leaseNegotiationAssistance)],
            ['Recruitment assistance', yesNo(f.recruitmentAssistance)],
            ['Co-op advertising', yesNo(f.coopAdvertising)],
            ['A day in the life of the owner', f.dayInTheLifeOfTheOwner],
            ['Who is an ideal candidate', f.whoIsAnIdealCandidate],
          ]}
        />
      </AccordionSection>
      <AccordionSection title="Commissions">
        <CommissionList commissions={f.commissions} />
      </AccordionSection>
      <AccordionSection title="Commissions International">
        <CommissionList commissions={f.internationalCommissions} />
      </AccordionSection>
    </div>
  );
}
