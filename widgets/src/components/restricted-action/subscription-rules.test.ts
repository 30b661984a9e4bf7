import { describe, expect, it } from 'vitest';
import {
  hasActiveSubscription,
  type SubscriptionPromptInput,
  subscriptionPrompts,
} from './subscription-rules.ts';

const base: SubscriptionPromptInput = {
  role: 'franchisor',
  known: true,
  status: null,
  inMyProfile: false,
  promptedBefore: false,
  modalShownThisSession: false,
};

describe('subscription prompts (user-area §2, §4)', () => {
  it('active and trialing subscriptions unlock booking (rule 11)', () => {
    expect(hasActiveSubscription('active')).toBe(true);
    expect(hasActiveSubscription('trialing')).toBe(true);
    expect(hasActiveSubscription('canceled')).toBe(false);
    expect(hasActiveSubscription(null)).toBe(false);
    expect(hasActiveSubscription(undefined)).toBe(false);
    for (const status of ['active', 'trialing'] as const) {
      expect(subscriptionPrompts({ ...base, status })).toEqual({
        banner: false,
        firstPrompt: false,
        modal: false,
      });
    }
  });

  it('shows nothing to consultants, guests, or before the status is known', () => {
    const none = { banner: false, firstPrompt: false, modal: false };
    expect(subscriptionPrompts({ ...base, role: 'consultant' })).toEqual(none);
    expect(subscriptionPrompts({ ...base, role: null })).toEqual(none);
    expect(subscriptionPrompts({ ...base, role: 'admin' })).toEqual(none);
    expect(subscriptionPrompts({ ...base, known: false })).toEqual(none);
  });

  it('a franchisor without a status gets the banner and a prompt, once', () => {
    expect(subscriptionPrompts(base)).toEqual({ banner: true, firstPrompt: true, modal: false });
    expect(subscriptionPrompts({ ...base, promptedBefore: true })).toEqual({
      banner: true,
      firstPrompt: false,
      modal: false,
    });
  });

  it('another status gets the subscription modal outside my-profile, once a session', () => {
    const canceled = { ...base, status: 'canceled' as const };
    expect(subscriptionPrompts(canceled)).toEqual({
      banner: true,
      firstPrompt: false,
      modal: true,
    });
    expect(subscriptionPrompts({ ...canceled, inMyProfile: true }).modal).toBe(false);
    expect(subscriptionPrompts({ ...canceled, modalShownThisSession: true }).modal).toBe(false);
    expect(subscriptionPrompts({ ...base, inMyProfile: true }).firstPrompt).toBe(false);
  });
});
