import { CONSULTANT_PROFILE_STEPS, FRANCHISOR_PROFILE_STEPS } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { completenessOf, stepPath, stepsOfSection } from './completeness.ts';

describe('completenessOf', () => {
  it('counts completed steps over the total of the role', () => {
    const result = completenessOf('franchisor', ['Gallery', 'Contact', 'Referral Fee']);
    expect(result.completed).toEqual(['Gallery', 'Contact', 'Referral Fee']);
    expect(result.missing).toEqual([
      'Franchise Details',
      'Investment Profile',
      'Training and Support',
    ]);
    expect(result.percent).toBe(50);
    expect(result.isComplete).toBe(false);
  });

  it('is complete with every step, ignoring names of the other role', () => {
    expect(completenessOf('consultant', [...CONSULTANT_PROFILE_STEPS]).isComplete).toBe(true);
    const mixed = completenessOf('consultant', ['Gallery', 'Rate']);
    expect(mixed.completed).toEqual(['Rate']);
    expect(mixed.percent).toBe(33);
  });

  it('keeps the step order of the spec', () => {
    expect(completenessOf('franchisor', []).missing).toEqual([...FRANCHISOR_PROFILE_STEPS]);
  });
});

describe('step locations', () => {
  it('links each step to the section where it is edited', () => {
    expect(stepPath('Gallery')).toBe('/my-profile/general#gallery');
    expect(stepPath('Rate')).toBe('/my-profile/financial');
    expect(stepPath('Contact')).toBe('/my-profile/contact');
  });

  it('lists the steps of a section per role', () => {
    expect(stepsOfSection('franchisor', 'general')).toEqual(['Franchise Details', 'Gallery']);
    expect(stepsOfSection('consultant', 'general')).toEqual(['General Info']);
    expect(stepsOfSection('consultant', 'financial')).toEqual(['Rate']);
    expect(stepsOfSection('franchisor', 'change-password')).toEqual([]);
  });
});
