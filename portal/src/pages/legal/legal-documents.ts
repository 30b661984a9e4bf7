import {
  CONSULTANT_SHARE_PERCENT,
  DECLINED_CARD_FEE_CENTS,
  EARLY_ACCESS_PRICE_CENTS,
  LATE_CANCELLATION_HOURS,
  MINIMUM_AGE,
  MINUTES_PER_RATE_UNIT,
  PLATFORM_FEE_PERCENT,
  SUBSCRIPTION_PRICE_CENTS,
  SUBSCRIPTION_TERM_MONTHS,
} from '@fm/sdk/contracts';
import { formatCents } from '@fm/widgets/kit';
import { PATHS } from '../../shared/paths.ts';
import { PRODUCT_NAME } from '../../shared/site.ts';

export interface LegalDocument {
  title: string;
  intro?: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
  related: readonly { to: string; label: string }[];
}

/** The marketplace's terms (admin-panel §1 and §9), written out once for every document. */
const TERMS = {
  subscription: `${formatCents(SUBSCRIPTION_PRICE_CENTS)} per month on a ${SUBSCRIPTION_TERM_MONTHS}-month term, or ${formatCents(EARLY_ACCESS_PRICE_CENTS)} per month with a valid early-access promo code`,
  meetingTotal: `A meeting's total is the number of whole ${MINUTES_PER_RATE_UNIT}-minute units of its duration times the consultant's rate, which is set in dollars per ${MINUTES_PER_RATE_UNIT} minutes.`,
  split: `${PRODUCT_NAME} keeps ${PLATFORM_FEE_PERCENT}% of each completed, verified meeting; ${CONSULTANT_SHARE_PERCENT}% goes to the consultant.`,
  declinedFee: `A card payment that is declined when it is charged adds a fee of ${formatCents(DECLINED_CARD_FEE_CENTS)}.`,
  cancellation: `A meeting cancelled within ${LATE_CANCELLATION_HOURS} hours of its start is at the consultant's discretion: it may be rescheduled or charged. No-shows are still charged.`,
  age: `You must be ${MINIMUM_AGE} or older to use ${PRODUCT_NAME}.`,
  weeklyCharges: 'Franchisor card payments for completed meetings are processed weekly.',
  monthlyPayouts: 'Consultants are paid monthly by ACH.',
  consultantsFree: 'Consultants pay no monthly fee.',
};

const RELATED_ALL = [
  { to: PATHS.termsAndConditions, label: 'Terms and Conditions' },
  { to: PATHS.termsOfUseFranchisor, label: 'Terms of Use for Franchisors' },
  { to: PATHS.termsOfUseConsultant, label: 'Terms of Use for Consultants' },
  { to: PATHS.privacyPolicy, label: 'Privacy Policy' },
];

function relatedExcept(path: string) {
  return RELATED_ALL.filter((link) => link.to !== path);
}

export const TERMS_AND_CONDITIONS: LegalDocument = {
  title: 'Terms and Conditions',
  intro: `These terms govern your use of ${PRODUCT_NAME}, a marketplace where franchisors book paid, timed video meetings with franchise consultants.`,
  sections: [
    {
      heading: 'Eligibility',
      paragraphs: [
        TERMS.age,
        'You are responsible for the accuracy of your profile and for keeping your password secret.',
      ],
    },
    {
      heading: 'Meetings and payment',
      paragraphs: [
        'Payment for a meeting is reserved when it is booked and charged only after the meeting is confirmed.',
        TERMS.meetingTotal,
        TERMS.weeklyCharges,
        TERMS.declinedFee,
      ],
    },
    {
      heading: 'Cancellations and no-shows',
      paragraphs: [
        TERMS.cancellation,
        'A franchisor may cancel a meeting before it takes place; the payment hold is then released.',
      ],
    },
    {
      heading: 'Fees',
      paragraphs: [
        `Franchisors subscribe for ${TERMS.subscription}. Messaging and booking need an active subscription.`,
        `${TERMS.consultantsFree} ${TERMS.split} ${TERMS.monthlyPayouts}`,
      ],
    },
    {
      heading: 'Accounts',
      paragraphs: [
        'We may deactivate or remove accounts that break these terms. You may delete your account at any time from your profile.',
      ],
    },
  ],
  related: relatedExcept(PATHS.termsAndConditions),
};

export const TERMS_OF_USE_FRANCHISOR: LegalDocument = {
  title: 'Terms of Use for Franchisors',
  sections: [
    {
      heading: 'Subscription',
      paragraphs: [
        `The franchisor subscription costs ${TERMS.subscription}. It unlocks messaging and booking with consultants.`,
        'You may unsubscribe and reactivate your subscription from your profile.',
      ],
    },
    {
      heading: 'Booking and payment',
      paragraphs: [
        'When you book a meeting, its amount is reserved on your card and charged only after the consultant confirms the meeting.',
        TERMS.meetingTotal,
        TERMS.weeklyCharges,
        TERMS.declinedFee,
        TERMS.split,
      ],
    },
    {
      heading: 'Cancellations',
      paragraphs: [TERMS.cancellation],
    },
    {
      heading: 'Your franchise profile',
      paragraphs: [
        'The information you publish about your franchise must be accurate and yours to share. You may update it at any time.',
      ],
    },
    {
      heading: 'Eligibility',
      paragraphs: [TERMS.age],
    },
  ],
  related: relatedExcept(PATHS.termsOfUseFranchisor),
};

export const TERMS_OF_USE_CONSULTANT: LegalDocument = {
  title: 'Terms of Use for Consultants',
  sections: [
    {
      heading: 'Fees and payouts',
      paragraphs: [
        `${TERMS.consultantsFree} ${TERMS.split}`,
        `${TERMS.monthlyPayouts} You are paid for completed, verified meetings.`,
        TERMS.weeklyCharges,
      ],
    },
    {
      heading: 'Your rate and availability',
      paragraphs: [
        TERMS.meetingTotal,
        'Keep your weekly availability and connected calendars up to date so that franchisors only book times you can attend.',
      ],
    },
    {
      heading: 'Completing and cancelling meetings',
      paragraphs: [
        'After a meeting, mark it complete so that it is charged. You may decline a meeting you cannot attend.',
        TERMS.cancellation,
      ],
    },
    {
      heading: 'Eligibility',
      paragraphs: [TERMS.age],
    },
  ],
  related: relatedExcept(PATHS.termsOfUseConsultant),
};

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  intro: `This policy explains what ${PRODUCT_NAME} collects and why.`,
  sections: [
    {
      heading: 'What we collect',
      paragraphs: [
        'Your account details (name, email, role), the profile you publish, your meetings, messages, reviews and payment records.',
        'Card details are handled by our payment provider; we keep only the card brand, its last four digits and its expiry date.',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        'To run the marketplace: to show profiles, book and charge meetings, deliver messages and notifications, and answer support requests.',
      ],
    },
    {
      heading: 'What others see',
      paragraphs: [
        'Public profiles show what you publish on them. Your email, phone number and payment details are never shown on a public profile.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'You may edit your profile, change your password or delete your account from your profile at any time.',
      ],
    },
    {
      heading: 'Age',
      paragraphs: [`${TERMS.age} We do not knowingly collect data about anyone younger.`],
    },
  ],
  related: relatedExcept(PATHS.privacyPolicy),
};
