import { PromotionFormSchema, promotionFormToInput } from '@fm/sdk/contracts';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { localInstant, promotionToForm } from './promotion-form-values.ts';

describe('promotion form values', () => {
  it('round-trips a promotion through the form in 12-hour times', () => {
    const start = new Date(2025, 0, 1, 15, 0);
    const end = new Date(2025, 0, 31, 9, 30);
    const form = promotionToForm({
      id: 'p1',
      name: 'Spring',
      description: null,
      effect: 'Price',
      affected: 'Franchise',
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      status: 'active',
      createdAt: start.toISOString(),
      updatedAt: start.toISOString(),
    });
    expect(form).toMatchObject({
      startingDate: '2025-01-01',
      startingTime: '3:00 PM',
      endingDate: '2025-01-31',
      endingTime: '9:30 AM',
    });
    const input = promotionFormToInput(v.parse(PromotionFormSchema, form), localInstant);
    expect(input.startDate).toBe(start.toISOString());
    expect(input.endDate).toBe(end.toISOString());
  });
});
