import type { Payout } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { payoutsWaitingText } from './payouts-waiting.ts';

const payout = (period: string, amount: number, status: Payout['status']): Payout => ({
  id: period,
  period,
  amount,
  status,
  createdAt: `${period}-01T07:00:00.000Z`,
  statementUrl: `/api/users/payouts/${period}/statement.csv`,
});

describe('payouts waiting text', () => {
  it('says nothing when every payout is paid', () => {
    expect(payoutsWaitingText([payout('2026-01', 80, 'paid')], 'onboarding')).toBeNull();
    expect(payoutsWaitingText([], null)).toBeNull();
  });

  it('counts and totals the waiting payouts, in cents', () => {
    const payouts = [
      payout('2026-03', 0.1, 'paid'),
      payout('2026-02', 160.2, 'pending'),
      payout('2026-01', 80.1, 'pending'),
    ];
    expect(payoutsWaitingText(payouts, 'onboarding')).toBe(
      '2 payouts totalling $240.30 are waiting for your payout account to be ready. They will be sent as soon as it is ready.',
    );
  });

  it('says why, by the payout account', () => {
    const one = [payout('2026-01', 80, 'pending')];
    expect(payoutsWaitingText(one, 'restricted')).toBe(
      '1 payout of $80.00 is waiting for your payout account to be ready. It will be sent as soon as it is ready.',
    );
    expect(payoutsWaitingText(one, 'none')).toBe(
      '1 payout of $80.00 is waiting for a payout account. It will be sent as soon as you connect one.',
    );
    expect(payoutsWaitingText(one, 'ready')).toBe(
      '1 payout of $80.00 is being sent to your payout account.',
    );
    expect(payoutsWaitingText(one, null)).toBe('1 payout of $80.00 is waiting to be sent.');
  });
});
