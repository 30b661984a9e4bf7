import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, assertBalanced, captureLines } from './ledger.ts';
import { splitCharge } from './money-rules.ts';
import { refundSplitLines } from './refunds.ts';

const byAccount = (lines: { account: string; amountCents: number }[]) =>
  Object.fromEntries(lines.map((l) => [l.account, l.amountCents]));

describe('rule 20: a refund reduces the 80/20 split in proportion', () => {
  it('sums to the refund exactly, never gives back more than the fee or the share, for every amount', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5_000_000 })
          .chain((charged) => fc.tuple(fc.constant(charged), fc.integer({ min: 0, max: charged }))),
        ([charged, refund]) => {
          const lines = byAccount(refundSplitLines('f', 'c', charged, refund));
          const { platformFeeCents, consultantShareCents } = splitCharge(charged);
          const feeBack = lines[ACCOUNTS.platformRevenue] ?? 0;
          const shareBack = lines[ACCOUNTS.consultantPayable('c')] ?? 0;
          expect(lines[ACCOUNTS.franchiseCard('f')]).toBe(-refund);
          expect(feeBack + shareBack).toBe(refund);
          expect(feeBack).toBeGreaterThanOrEqual(0);
          expect(shareBack).toBeGreaterThanOrEqual(0);
          expect(feeBack).toBeLessThanOrEqual(platformFeeCents);
          expect(shareBack).toBeLessThanOrEqual(consultantShareCents);
          // In proportion: the fee's part within a cent of 20 % of the refund's share of the charge.
          expect(Math.abs(feeBack - (platformFeeCents * refund) / charged)).toBeLessThan(1);
          assertBalanced(refundSplitLines('f', 'c', charged, refund));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('a full refund is the capture reversed, line by line', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), (charged) => {
        const capture = byAccount(captureLines('f', 'c', charged));
        const refund = byAccount(refundSplitLines('f', 'c', charged, charged));
        for (const [account, cents] of Object.entries(capture)) {
          expect(refund[account]).toBe(-cents);
        }
      }),
    );
  });

  it('refuses a refund above the charge or not in whole cents', () => {
    expect(() => refundSplitLines('f', 'c', 1_000, 1_001)).toThrow(RangeError);
    expect(() => refundSplitLines('f', 'c', 1_000, 10.5)).toThrow(RangeError);
    expect(() => refundSplitLines('f', 'c', 1_000, -1)).toThrow(RangeError);
  });
});
