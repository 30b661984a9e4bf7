import type { ConsultantPublicProfile } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { renderHead } from './head-tags.ts';
import { escapeMarkup, scriptJson } from './markup-escape.ts';
import { clip, consultantHead, dollars, landingHead, legalHead } from './page-head.ts';

const site = { publicUrl: 'https://fm.example' };

/** The JSON-LD objects of a rendered head, parsed back. */
const jsonLdOf = (tags: string) =>
  [...tags.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
  );

const hostile: ConsultantPublicProfile = {
  id: 'c-1',
  role: 'consultant',
  firstName: '</script><script>alert(1)</script>',
  lastName: 'O"Brien & <Sons>',
  profilePhoto: '/api/files/p.png',
  company: "Reed's",
  bio: 'Bio </SCRIPT> & more',
  experienceLevel: null,
  industrySpecialty: [],
  region: [],
  groups: [],
  country: null,
  stateProvince: null,
  city: null,
  rate: 12.5,
  isVerified: true,
  averageRating: null,
  reviewCount: 0,
};

describe('markup escaping', () => {
  it('escapes the five characters and leaves other text alone', () => {
    expect(escapeMarkup(`a&b<c>d"e'f é`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f é');
  });
  it('keeps JSON-LD inside its script and parses back unchanged', () => {
    const value = { name: '</script><b>&\u2028' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('renderHead', () => {
  it('escapes every value a profile brings, in tags and in JSON-LD', () => {
    const head = consultantHead(site, hostile);
    const tags = renderHead(head, 'index');
    // Only the tags renderHead writes: one title, the JSON-LD script and nothing the profile opened.
    expect(tags.match(/<script/g)).toHaveLength(1);
    expect(tags.match(/<\/script>/g)).toHaveLength(1);
    expect(tags).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; O&quot;Brien',
    );
    const [person] = jsonLdOf(tags);
    expect(person?.name).toBe(`${hostile.firstName} ${hostile.lastName}`);
    expect(person?.description).toBe('Bio </SCRIPT> & more');
  });

  it('writes the card, canonical and robots tags', () => {
    const withPhoto = renderHead(consultantHead(site, hostile), 'noindex');
    expect(withPhoto).toContain('<meta name="robots" content="noindex">');
    expect(withPhoto).toContain('<link rel="canonical" href="https://fm.example/consultants/c-1">');
    expect(withPhoto).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(withPhoto).toContain(
      '<meta property="og:image" content="https://fm.example/api/files/p.png">',
    );
    expect(withPhoto).toContain('<meta property="og:type" content="profile">');
    const landing = renderHead(landingHead(site), 'index');
    expect(landing).toContain('<meta name="twitter:card" content="summary">');
    expect(landing).toContain('<meta name="robots" content="index, follow">');
    expect(landing).not.toContain('og:image');
    expect(jsonLdOf(landing).map((o) => o['@type'])).toEqual(['WebSite', 'Organization']);
  });
});

describe('page heads', () => {
  it('prices a rate without cents as whole dollars and with cents in full', () => {
    expect(dollars(50)).toBe('$50');
    expect(dollars(12.5)).toBe('$12.50');
    expect(dollars(150000)).toBe('$150,000');
    expect(consultantHead(site, hostile).description).toContain('$12.50 per 15 minutes.');
  });

  it('offers no price and no rating for a consultant without a rate or reviews', () => {
    const [person] = consultantHead(site, { ...hostile, rate: null }).jsonLd;
    const offer = person?.makesOffer as Record<string, unknown>;
    expect(offer).not.toHaveProperty('price');
    expect(offer.itemOffered).not.toHaveProperty('aggregateRating');
  });

  it('cuts a long description at a word', () => {
    const text = clip('word '.repeat(100));
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text).toMatch(/word…$/);
    expect(clip('short')).toBe('short');
  });

  it('titles a legal page as its document and points to its own address', () => {
    const head = legalHead(site, '/terms-of-use/consultant');
    expect(head.title).toBe('Terms of Use for Consultants | Franchise Meet');
    expect(head.canonical).toBe('https://fm.example/terms-of-use/consultant');
  });
});
