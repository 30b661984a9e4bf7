import { describe, expect, it } from 'vitest';
import { sampleConsultantProfile as profile } from './public-page-data.fixture.ts';
import { servedProfile } from './public-page-data.ts';

const page = JSON.stringify({ kind: 'consultant', profile });

describe('the profile a public page was served with', () => {
  it('is the page data of the profile the page shows', () => {
    expect(servedProfile(page, 'consultant', 'u1')).toEqual(profile);
  });

  it('is nothing for another profile, another kind of page or data the contract refuses', () => {
    expect(servedProfile(page, 'consultant', 'u2')).toBeNull();
    expect(servedProfile(page, 'franchisor', 'u1')).toBeNull();
    expect(servedProfile(JSON.stringify({ kind: 'landing' }), 'consultant', 'u1')).toBeNull();
    const badRate = JSON.stringify({ kind: 'consultant', profile: { ...profile, rate: 'fifty' } });
    expect(servedProfile(badRate, 'consultant', 'u1')).toBeNull();
    expect(servedProfile('{not json', 'consultant', 'u1')).toBeNull();
  });
});
