import { describe, expect, it } from 'vitest';
import { changedFields, sameFieldValue } from './use-valibot-form.ts';

describe('sameFieldValue', () => {
  it('compares texts and booleans by value and lists item by item', () => {
    expect(sameFieldValue('a', 'a')).toBe(true);
    expect(sameFieldValue(false, false)).toBe(true);
    expect(sameFieldValue(['USA', 'Canada'], ['USA', 'Canada'])).toBe(true);
    expect(sameFieldValue(['USA', 'Canada'], ['Canada', 'USA'])).toBe(false);
    expect(sameFieldValue(['USA'], 'USA')).toBe(false);
    expect(sameFieldValue('', undefined)).toBe(false);
  });
});

describe('changedFields', () => {
  it('names the fields that differ from the saved values', () => {
    const saved = { company: 'Acme', sbaEligible: false, categories: ['Retail'] };
    expect(changedFields(saved, saved)).toEqual([]);
    expect(
      changedFields(
        { company: 'Acme', sbaEligible: true, categories: ['Retail', 'Travel'] },
        saved,
      ),
    ).toEqual(['sbaEligible', 'categories']);
  });
});
