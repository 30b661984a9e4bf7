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

/** The landing page's copy; numbers come from the contract so they never drift from the terms. */

export const HOW_IT_WORKS = {
  franchisor: [
    {
      title: 'Create your brand profile',
      text: 'Sign up as a franchisor and tell consultants about your franchise: investment, territories, training and support.',
    },
    {
      title: 'Find consultants',
      text: 'Filter by region, industry, broker group and experience, and keep your favourites close.',
    },
    {
      title: 'Book a meeting',
      text: 'Pick a date, your time zone and an open slot. Payment is reserved, not charged.',
    },
    {
      title: 'Meet and pay after',
      text: 'Meet by video. You are charged only after the consultant confirms the meeting.',
    },
  ],
  consultant: [
    {
      title: 'Join for free',
      text: 'Consultants pay no monthly fee. Sign up and complete your profile.',
    },
    {
      title: 'Set your rate and hours',
      text: `Choose your rate per ${MINUTES_PER_RATE_UNIT} minutes, your weekly availability, and connect Google or Office 365.`,
    },
    {
      title: 'Get booked',
      text: 'Franchisors find you and book open slots. Talk to them in Messages before and after.',
    },
    {
      title: 'Get paid',
      text: `Mark the meeting complete. You keep ${CONSULTANT_SHARE_PERCENT}%, paid monthly by ACH.`,
    },
  ],
} as const;

export const FEATURES = [
  {
    title: 'Find the right match',
    text: 'Search consultants or franchisors with filters and favourites, and open public profiles.',
  },
  {
    title: 'Book in a few clicks',
    text: 'A month calendar, the time zone of your choice and the open slots of the day.',
  },
  {
    title: 'Pay after the meeting',
    text: 'The amount is reserved up front and charged only after a confirmed meeting.',
  },
  {
    title: 'Messages',
    text: 'Chat with file attachments, with an unread badge so nothing slips by.',
  },
  {
    title: 'Territory Scout',
    text: 'A tool to explore the territories that fit a franchise.',
  },
  {
    title: 'Reviews and notifications',
    text: 'Rate meetings, and hear about bookings, messages and promotions as they happen.',
  },
] as const;

/** The questions and answers, written when the landing renders: its prices need the number formatter. */
export const faqs = () => [
  {
    question: 'How much does it cost for franchisors?',
    answer: `${formatCents(SUBSCRIPTION_PRICE_CENTS)} per month on a ${SUBSCRIPTION_TERM_MONTHS}-month term, or ${formatCents(EARLY_ACCESS_PRICE_CENTS)} per month with an early-access promo code. Meetings are paid per meeting, at the consultant's rate.`,
  },
  {
    question: 'Do consultants pay anything?',
    answer: `No monthly fee. ${PLATFORM_FEE_PERCENT}% of each completed, verified meeting goes to the platform and ${CONSULTANT_SHARE_PERCENT}% to the consultant, paid monthly by ACH.`,
  },
  {
    question: 'How is a meeting priced?',
    answer: `Consultants set a rate per ${MINUTES_PER_RATE_UNIT} minutes. A meeting costs the number of whole ${MINUTES_PER_RATE_UNIT}-minute units times that rate.`,
  },
  {
    question: 'When is my card charged?',
    answer: `The amount is reserved when you book and charged only after the meeting is confirmed; completed meetings are processed weekly. A declined card adds a ${formatCents(DECLINED_CARD_FEE_CENTS)} fee.`,
  },
  {
    question: 'What if a meeting has to be cancelled?',
    answer: `Cancelling within ${LATE_CANCELLATION_HOURS} hours of the start is at the consultant's discretion: reschedule or charge. No-shows are still charged.`,
  },
  {
    question: 'Who can join?',
    answer: `Franchise brands and franchise consultants who are ${MINIMUM_AGE} or older.`,
  },
];
