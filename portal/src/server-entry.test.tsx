import { describe, expect, it } from 'vitest';
import { renderPublicPage } from './server-entry.tsx';
import { sampleConsultantProfile as profile } from './shared/public-page-data.fixture.ts';

/** The text of some HTML, tags removed and spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe("the portal's server entry (rule 22)", () => {
  it("renders a consultant's profile from the page data, as a guest sees it", async () => {
    const data = JSON.stringify({ kind: 'consultant', profile });
    const html = await renderPublicPage(`/consultants/${profile.id}`, data);
    const text = textOf(html ?? '');
    expect(html).toMatch(/^<div class="app">/);
    expect(text).toContain('Dana Reyes');
    expect(text).toContain('Reyes Franchise Advisors');
    expect(text).toContain('$50');
    expect(text).toContain('Log In');
    // The profile is shown, not its loading card.
    expect(html).not.toContain('aria-busy="true"');
    // Headings go down one level at a time: the card's facts sit under the name's h1.
    expect(html).toContain('<h1 class="fm-profile-card__name">');
    expect(html).toMatch(/<h2 class="fm-profile-card__fact-label">Industries<\/h2>/);
    expect(html).not.toContain('<h3 class="fm-profile-card__fact-label">');
  });

  it('renders the landing and the legal pages without page data of a profile', async () => {
    const landing = textOf(
      (await renderPublicPage('/', JSON.stringify({ kind: 'landing' }))) ?? '',
    );
    expect(landing).toContain('Where franchise brands meet franchise consultants');
    const legal = { kind: 'legal', path: '/privacy-policy' };
    const privacy = await renderPublicPage('/privacy-policy', JSON.stringify(legal));
    expect(textOf(privacy ?? '')).toContain('Privacy Policy');
  });

  it("shows a profile's loading card when the page data is not that profile's", async () => {
    const other = JSON.stringify({ kind: 'consultant', profile: { ...profile, id: 'u2' } });
    const html = await renderPublicPage(`/consultants/${profile.id}`, other);
    expect(textOf(html ?? '')).not.toContain('Dana Reyes');
  });
});
