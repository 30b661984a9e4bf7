import {
  CONSULTANT_PROFILE_STEPS,
  FRANCHISOR_PROFILE_STEPS,
  type ProfileStep,
  type Role,
} from '@fm/sdk/contracts';
import { PATHS } from '../../shared/paths.ts';

/** The profile steps of a role (user-area §4); admins have none. */
export function profileStepsFor(role: Role): readonly ProfileStep[] {
  if (role === 'franchisor') return FRANCHISOR_PROFILE_STEPS;
  if (role === 'consultant') return CONSULTANT_PROFILE_STEPS;
  return [];
}

export interface Completeness {
  /** The role's steps, in order. */
  steps: readonly ProfileStep[];
  completed: readonly ProfileStep[];
  missing: readonly ProfileStep[];
  /** 0–100, rounded down. */
  percent: number;
  /** Whether every step is done (the widget hides then). */
  isComplete: boolean;
}

/**
 * Completed steps over total (user-area §4), from the profile's `profileCompleteness` list.
 * Unknown names in the list are ignored.
 *
 * @example
 * ```ts
 * completenessOf('consultant', ['Rate']); // { completed: ['Rate'], missing: ['General Info', 'Payment Details'], percent: 33, … }
 * ```
 */
export function completenessOf(role: Role, done: readonly string[]): Completeness {
  const steps = profileStepsFor(role);
  const doneSet = new Set(done);
  const completed = steps.filter((step) => doneSet.has(step));
  const missing = steps.filter((step) => !doneSet.has(step));
  const percent = steps.length === 0 ? 100 : Math.floor((completed.length / steps.length) * 100);
  return { steps, completed, missing, percent, isComplete: missing.length === 0 };
}

/** Where each step is edited: a my-profile section and, for parts of a page, an anchor. */
const STEP_LOCATIONS: Record<ProfileStep, { section: string; anchor?: string }> = {
  'Franchise Details': { section: 'general' },
  Gallery: { section: 'general', anchor: 'gallery' },
  Contact: { section: 'contact' },
  'Investment Profile': { section: 'financial' },
  'Training and Support': { section: 'training' },
  'Referral Fee': { section: 'referral-fee' },
  'General Info': { section: 'general' },
  'Payment Details': { section: 'payment-details' },
  Rate: { section: 'financial' },
};

/**
 * The page (and anchor) where a step is completed.
 *
 * @example
 * ```ts
 * stepPath('Gallery'); // '/my-profile/general#gallery'
 * ```
 */
export function stepPath(step: ProfileStep): string {
  const { section, anchor } = STEP_LOCATIONS[step];
  return `${PATHS.myProfile}/${section}${anchor ? `#${anchor}` : ''}`;
}

/** The section a step lives in. */
export function stepSection(step: ProfileStep): string {
  return STEP_LOCATIONS[step].section;
}

/**
 * The steps edited in a section of a role's profile (a tick in the navigation once all are done).
 *
 * @example
 * ```ts
 * stepsOfSection('franchisor', 'general'); // ['Franchise Details', 'Gallery']
 * ```
 */
export function stepsOfSection(role: Role, section: string): readonly ProfileStep[] {
  return profileStepsFor(role).filter((step) => STEP_LOCATIONS[step].section === section);
}
