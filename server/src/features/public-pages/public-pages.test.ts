import { readFileSync } from 'node:fs';
import { LEGAL_PATHS, type PublicProfile } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consultantIndustry,
  consultantRegion,
  franchise,
  franchiseState,
  user,
} from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { addReview, makeConsultant, makeFranchisor } from '../booking/test-fixtures.ts';
import { renderHead } from './head-tags.ts';
import { LEGAL_PAGES } from './page-head.ts';
import type { PublicPage } from './public-page.ts';
import { createPublicPages, publicRoute } from './public-pages.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const pagesFor = (buildId = 'build-1') =>
  createPublicPages({
    db: server.container.db,
    publicUrl: 'https://fm.example',
    buildId,
    builtAt: new Date('2026-01-01T00:00:00Z'),
  });

const jsonLdOf = (page: PublicPage) =>
  [
    ...renderHead(page.head, page.robots).matchAll(
      /<script type="application\/ld\+json">(.*?)<\/script>/gs,
    ),
  ].map((m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>);

async function reviewed(consultantId: string, ratings: number[]) {
  const franchisor = await server.signUp('franchisor');
  for (const [i, rating] of ratings.entries()) {
    const start = new Date(Date.UTC(2026, 0, 5 + i, 10));
    await addReview(server, { consultantId, franchisorId: franchisor.user.id, rating, start });
  }
}

describe('which paths are public pages', () => {
  it('knows the landing, legal and profile routes and nothing else', () => {
    expect(publicRoute('/')).toEqual({ kind: 'landing' });
    expect(publicRoute('/privacy-policy')).toEqual({ kind: 'legal', path: '/privacy-policy' });
    expect(publicRoute('/consultants/a%20b')).toEqual({ kind: 'consultant', id: 'a b' });
    expect(publicRoute('/franchisors/f1')).toEqual({ kind: 'franchisor', id: 'f1' });
    for (const path of ['/sign-in', '/consultants', '/consultants/a/b', '/dashboard', '/x%E0']) {
      expect(publicRoute(path)).toBeNull();
    }
  });

  it("titles each legal page as the portal's document does", () => {
    const portalDocuments = readFileSync(
      new URL('../../../../portal/src/pages/legal/legal-documents.ts', import.meta.url),
      'utf8',
    );
    for (const path of LEGAL_PATHS) {
      expect(portalDocuments).toContain(`title: '${LEGAL_PAGES[path].title}'`);
    }
  });
});

describe('a consultant’s public page', () => {
  let id: string;
  let page: PublicPage | null;
  beforeAll(async () => {
    const consultant = await makeConsultant(server, { rateCents: 5_000, firstName: 'Jane' });
    id = consultant.id;
    const db = server.container.db;
    await db.insert(consultantIndustry).values({ userId: id, value: 'Senior Care' });
    await db.insert(consultantRegion).values({ userId: id, value: 'West' });
    await reviewed(id, [4, 5]);
    page = await pagesFor().page(`/consultants/${id}`);
  });

  it('holds exactly what the public profile call answers to a visitor', async () => {
    const api = (await (await server.fetch(`/api/users/profile/${id}`)).json()) as PublicProfile;
    expect(page?.status).toBe(200);
    expect(page?.robots).toBe('index');
    expect(page?.data).toEqual({ kind: 'consultant', profile: api });
  });

  it('is titled and described with the name, company, rate, rating, industries and regions', () => {
    expect(page?.head.title).toBe('Jane consultant | Franchise Meet');
    expect(page?.head.description).toBe(
      'Jane consultant, franchise consultant at Reed Advisory. $50 per 15 minutes. Rated 4.5 of 5 from 2 reviews. Industries: Senior Care. Regions: West.',
    );
    expect(page?.head.canonical).toBe(`https://fm.example/consultants/${id}`);
    expect(page?.head.ogType).toBe('profile');
  });

  it('is a schema.org Person offering the consultation per 15 minutes, with its rating', () => {
    if (!page) throw new Error('no page');
    const [person, ...rest] = jsonLdOf(page);
    expect(rest).toEqual([]);
    expect(person).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Jane consultant',
      url: `https://fm.example/consultants/${id}`,
      worksFor: { '@type': 'Organization', name: 'Reed Advisory' },
      knowsAbout: ['Senior Care'],
      areaServed: ['West'],
      makesOffer: {
        '@type': 'Offer',
        price: '50.00',
        priceCurrency: 'USD',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: '50.00',
          priceCurrency: 'USD',
          unitText: '15 minutes',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 15, unitCode: 'MIN' },
        },
        itemOffered: {
          '@type': 'Service',
          aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
        },
      },
    });
  });

  it('changes its validator when the profile or the build changes, and only then', async () => {
    const again = await pagesFor().page(`/consultants/${id}`);
    expect(again?.etag).toBe(page?.etag);
    expect(page?.etag).toMatch(/^W\/"[\w-]+"$/);
    expect((await pagesFor('build-2').page(`/consultants/${id}`))?.etag).not.toBe(page?.etag);
    await reviewed(id, [1]);
    const rated = await pagesFor().page(`/consultants/${id}`);
    expect(rated?.etag).not.toBe(page?.etag);
    expect(rated?.lastModified.getTime()).toBeGreaterThan(
      new Date('2026-01-01T00:00:00Z').getTime(),
    );
  });
});

describe('profiles that are not indexed', () => {
  it('answers a hidden profile as the portal shows it, not found, and noindex', async () => {
    const { id } = await makeConsultant(server);
    await server.container.db.update(user).set({ status: false }).where(eq(user.id, id));
    const page = await pagesFor().page(`/consultants/${id}`);
    expect(page).toMatchObject({ status: 404, robots: 'noindex', data: null });
    expect(page?.head.title).toBe('Profile not found | Franchise Meet');
  });

  it('shows a profile discovery does not list (no consultant details yet) but noindex', async () => {
    const { id } = await makeConsultant(server, { rateCents: null });
    const page = await pagesFor().page(`/consultants/${id}`);
    expect(page).toMatchObject({ status: 200, robots: 'noindex' });
    expect(page?.data?.kind).toBe('consultant');
  });

  it('answers a profile under the other role’s route as not found', async () => {
    const { id } = await makeConsultant(server);
    expect(await pagesFor().page(`/franchisors/${id}`)).toMatchObject({
      status: 404,
      robots: 'noindex',
    });
    expect(await pagesFor().page('/consultants/no-such-id')).toMatchObject({ status: 404 });
  });
});

describe('a franchise’s public page', () => {
  it('is a schema.org Organization with its brand, investment range and territories', async () => {
    const owner = await makeFranchisor(server, { company: 'Blue Fin Swim' });
    const db = server.container.db;
    await db
      .update(franchise)
      .set({
        logo: '/api/files/logo.png',
        cashRequiredMinCents: 5_000_000,
        cashRequiredMaxCents: 15_000_000,
        overview: 'Swim lessons for kids.',
        established: 2004,
      })
      .where(eq(franchise.id, owner.franchiseId));
    await db.insert(franchiseState).values([
      { franchiseId: owner.franchiseId, stateCode: 'CA' },
      { franchiseId: owner.franchiseId, stateCode: 'TX' },
    ]);
    const page = await pagesFor().page(`/franchisors/${owner.id}`);
    expect(page).toMatchObject({ status: 200, robots: 'index' });
    expect(page?.head.title).toBe('Blue Fin Swim | Franchise Meet');
    expect(page?.head.description).toBe(
      'Blue Fin Swim franchise opportunity. Investment: $50,000–$150,000. Territories: CA, TX.',
    );
    expect(page?.head.image).toBe('https://fm.example/api/files/logo.png');
    if (!page) throw new Error('no page');
    expect(jsonLdOf(page)).toEqual([
      expect.objectContaining({
        '@type': 'Organization',
        name: 'Blue Fin Swim',
        logo: 'https://fm.example/api/files/logo.png',
        description: 'Swim lessons for kids.',
        foundingDate: '2004',
        areaServed: ['CA', 'TX'],
        makesOffer: expect.objectContaining({
          priceSpecification: {
            '@type': 'PriceSpecification',
            priceCurrency: 'USD',
            minPrice: 50_000,
            maxPrice: 150_000,
          },
        }),
      }),
    ]);

    // A second member's page shows the same brand but is not the one indexed.
    const member = await makeFranchisor(server, { franchiseId: owner.franchiseId });
    expect(await pagesFor().page(`/franchisors/${member.id}`)).toMatchObject({
      status: 200,
      robots: 'noindex',
    });
    // A deactivated franchise: its members' pages are no longer indexed.
    await db
      .update(franchise)
      .set({ isDeactivated: true })
      .where(eq(franchise.id, owner.franchiseId));
    expect((await pagesFor().page(`/franchisors/${owner.id}`))?.robots).toBe('noindex');
  });
});

describe('the landing and legal pages', () => {
  it('are indexed, with their own titles and the build’s time', async () => {
    const landing = await pagesFor().page('/');
    expect(landing).toMatchObject({ status: 200, robots: 'index', data: { kind: 'landing' } });
    expect(landing?.head.title).toBe('Franchise Meet');
    expect(landing?.lastModified.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    const legal = await pagesFor().page('/terms-and-conditions');
    expect(legal).toMatchObject({
      status: 200,
      robots: 'index',
      data: { kind: 'legal', path: '/terms-and-conditions' },
    });
    expect(legal?.head.title).toBe('Terms and Conditions | Franchise Meet');
    expect(await pagesFor().page('/sign-in')).toBeNull();
  });
});
