import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DisputeDecisionFormSchema, decisionFormToInput } from './disputes.ts';

describe('the decide form', () => {
  it('turns dollars into whole cents by the digits', () => {
    const parse = (refund: string) =>
      decisionFormToInput(
        v.parse(DisputeDecisionFormSchema, { decision: 'partial_refund', refund, note: '' }),
      );
    expect(parse('12')).toEqual({ decision: 'partial_refund', refundCents: 1200 });
    expect(parse('12.5')).toEqual({ decision: 'partial_refund', refundCents: 1250 });
    expect(parse('0.29')).toEqual({ decision: 'partial_refund', refundCents: 29 });
    expect(parse(' 1234.07 ')).toEqual({ decision: 'partial_refund', refundCents: 123407 });
  });

  it('asks for an amount only for a partial refund', () => {
    for (const refund of ['', '0', '1.234', 'abc', '-3']) {
      expect(
        v.safeParse(DisputeDecisionFormSchema, { decision: 'partial_refund', refund, note: '' })
          .success,
      ).toBe(false);
    }
    const reject = v.parse(DisputeDecisionFormSchema, {
      decision: 'reject',
      refund: '',
      note: ' ok ',
    });
    expect(decisionFormToInput(reject)).toEqual({ decision: 'reject', note: 'ok' });
  });
});
