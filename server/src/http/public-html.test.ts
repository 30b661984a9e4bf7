import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import {
  PUBLIC_PAGE_DATA_ID,
  PublicPageDataSchema,
  SERVER_RENDERED_ATTRIBUTE,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema/index.ts';
import { makeConsultant } from '../features/booking/test-fixtures.ts';
import { repoRoot } from '../testing/api-process.ts';
import { makeStaticDirs } from '../testing/static-dirs.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { pageEncoding, publicShell, readPublicShell } from './public-html.ts';

// The portal's own index.html (the built one differs only in its asset tags) as the shell.
const INDEX_HTML = readFileSync(join(repoRoot, 'portal/index.html'), 'utf8');
const root = mkdtempSync(join(tmpdir(), 'fm-public-html-'));
const dirs = makeStaticDirs(root);
writeFileSync(join(dirs.portal, 'index.html'), INDEX_HTML);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ staticDirs: dirs });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1] ?? '');
const jsonLdOf = (html: string) =>
  all(html, /<script type="application\/ld\+json">(.*?)<\/script>/gs).map(
    (json) => JSON.parse(json) as Record<string, unknown>,
  );
const pageDataOf = (html: string) => {
  const [json] = all(
    html,
    new RegExp(`<script type="application/json" id="${PUBLIC_PAGE_DATA_ID}">(.*?)</script>`, 'gs'),
  );
  return json === undefined ? null : (JSON.parse(json) as Record<string, unknown>);
};

/** The landing's bytes as they go out in Brotli (fetch would decode them). */
const compressedLanding = () =>
  new Promise<Buffer>((resolve, reject) => {
    get(`${server.url}/`, { headers: { 'accept-encoding': 'br' } }, (res) => {
      expect(res.headers['content-encoding']).toBe('br');
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });

describe('public pages as HTML (rule 22)', () => {
  it("answers a consultant's profile with their name, rate, JSON-LD and the profile call's own answer", async () => {
    const consultant = await makeConsultant(server, { rateCents: 5_000, firstName: 'Dana' });
    const profile = (await (await server.fetch(`/api/users/profile/${consultant.id}`)).json()) as {
      lastName: string;
    };
    const name = `Dana ${profile.lastName}`;
    const res = await server.fetch(`/consultants/${consultant.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300');
    expect(res.headers.get('last-modified')).not.toBeNull();
    const html = await res.text();
    // One title and one description: the page's, not the shell's.
    expect(all(html, /<title>(.*?)<\/title>/g)).toEqual([`${name} | Franchise Meet`]);
    expect(all(html, /<meta name="description" content="([^"]*)"/g)).toHaveLength(1);
    expect(html).toContain('$50 per 15 minutes');
    const [person] = jsonLdOf(html);
    expect(person?.['@type']).toBe('Person');
    expect(person?.name).toBe(name);
    expect(pageDataOf(html)).toEqual({ kind: 'consultant', profile });
    // What the portal reads it with: the contract's schema of page data.
    expect(v.safeParse(PublicPageDataSchema, pageDataOf(html)).success).toBe(true);
    // The portal's app still loads: the shell's body is there.
    expect(html).toContain('<div id="root">');
    expect(html).toContain('src="/src/main.tsx"');
  });

  it('answers 304 to a current copy, and a new validator once the profile changes', async () => {
    const consultant = await makeConsultant(server);
    const path = `/consultants/${consultant.id}`;
    const first = await server.fetch(path);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await server.fetch(path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await server.container.db
      .update(user)
      .set({ firstName: 'Renamed', updatedAt: new Date(Date.now() + 5_000) })
      .where(eq(user.id, consultant.id));
    const changed = await server.fetch(path, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toMatch(/<title>Renamed .+ \| Franchise Meet<\/title>/);
  });

  it("escapes a profile's text in the head and in the page data", async () => {
    const consultant = await makeConsultant(server);
    const name = '</script><script>alert(1)</script>';
    await server.container.db
      .update(user)
      .set({ firstName: name })
      .where(eq(user.id, consultant.id));
    const html = await (await server.fetch(`/consultants/${consultant.id}`)).text();
    expect(html).not.toContain('<script>alert(1)');
    const data = pageDataOf(html) as { profile: { firstName: string } } | null;
    expect(data?.profile.firstName).toBe(name);
    expect((jsonLdOf(html)[0] as { givenName?: string }).givenName).toBe(name);
  });

  it('answers a missing profile 404 and noindex, still the portal to show it', async () => {
    const res = await server.fetch('/consultants/no-such-user');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<div id="root">');
    expect(pageDataOf(html)).toBeNull();
  });

  it('answers the landing page with its head; other routes get the plain shell', async () => {
    const landing = await (await server.fetch('/')).text();
    expect(jsonLdOf(landing).map((o) => o['@type'])).toContain('WebSite');
    expect(pageDataOf(landing)).toEqual({ kind: 'landing' });
    const signIn = await server.fetch('/sign-in');
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toBe(INDEX_HTML);
  });

  it('compresses a page as the browser accepts, with the same HTML inside', async () => {
    const consultant = await makeConsultant(server);
    const path = `/consultants/${consultant.id}`;
    const plain = await server.fetch(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const html = await plain.text();
    for (const encoding of ['br', 'gzip']) {
      const res = await server.fetch(path, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(Number(res.headers.get('content-length'))).toBeLessThan(html.length / 2);
      // fetch decodes the body by its content-encoding.
      expect(await res.text()).toBe(html);
    }
    // The landing, the same until the next build, is compressed once, smaller than a profile's
    // fast compression would make it, and answered from what was kept.
    const landings = [await compressedLanding(), await compressedLanding()];
    const [landing = Buffer.alloc(0)] = landings;
    expect(landings[1]?.equals(landing)).toBe(true);
    const fast = brotliCompressSync(brotliDecompressSync(landing), {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5 },
    });
    expect(landing.length).toBeLessThan(fast.length);
    expect(pageEncoding('gzip, deflate, br')).toBe('br');
    expect(pageEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding(undefined)).toBeNull();
  });

  it("leaves the app's module preloads out of a public page, and its entry too when the page is rendered", () => {
    const built =
      '<html lang="en"><head><title>x</title><link rel="stylesheet" href="/a.css">\n<script type="module" src="/i.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/r.js">\n<link rel="modulepreload" href="/q.js"></head>' +
      '<body><div id="root"></div></body></html>';
    const shell = publicShell(built);
    expect(shell?.head).toBe(
      '<html lang="en"><head><link rel="stylesheet" href="/a.css">\n<script type="module" src="/i.js"></script>',
    );
    expect(shell?.renderedHead).toBe(
      `<html ${SERVER_RENDERED_ATTRIBUTE} lang="en"><head><link rel="stylesheet" href="/a.css">`,
    );
  });

  it('writes the stylesheet and the first-page script into the shell, and names the script for the CSP', () => {
    const portal = mkdtempSync(join(tmpdir(), 'fm-public-shell-'));
    try {
      mkdirSync(join(portal, 'assets'));
      const css = '.hero{color:red}';
      const script = "document.documentElement.setAttribute('data-viewport','mobile');";
      writeFileSync(join(portal, 'assets/index-1.css'), css);
      writeFileSync(join(portal, 'assets/odd-1.css'), 'a::after{content:"</style>"}');
      writeFileSync(join(portal, 'assets/first-page-1.js'), script);
      writeFileSync(
        join(portal, 'index.html'),
        '<head><link rel="stylesheet" crossorigin href="/assets/index-1.css">\n' +
          '<link rel="stylesheet" crossorigin href="/assets/odd-1.css">\n' +
          '<link rel="stylesheet" crossorigin href="/assets/gone-1.css">\n' +
          '<script src="/assets/first-page-1.js"></script>\n' +
          '<script type="module" crossorigin src="/assets/index-1.js"></script></head>' +
          '<body><div id="root"></div></body>',
      );
      const read = readPublicShell(portal);
      expect(read?.shell.head).toBe(
        `<head><style>${css}</style>\n` +
          '<link rel="stylesheet" crossorigin href="/assets/odd-1.css">\n' +
          '<link rel="stylesheet" crossorigin href="/assets/gone-1.css">\n' +
          `<script>${script}</script>\n` +
          '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      );
      const hash = createHash('sha256').update(script).digest('base64');
      expect(read?.scriptSources).toEqual([`'sha256-${hash}'`]);
    } finally {
      rmSync(portal, { recursive: true, force: true });
    }
  });

  it('leaves public pages to the shell when the portal is not built or its index.html has no head', () => {
    expect(readPublicShell(join(root, 'nothing-here'))).toBeNull();
    expect(publicShell('<div id="root"></div>')).toBeNull();
    expect(publicShell('<head></head><body><div id="app"></div></body>')).toBeNull();
  });
});

/**
 * A server entry as the portal's build makes one (an ES module exporting `renderPublicPage`),
 * loaded by the server from its path: it renders what the page data names with the number of its
 * render, renders nothing for the franchisor's terms and fails on the consultant's.
 */
const SERVER_ENTRY = `
let renders = 0;
export async function renderPublicPage(path, json) {
  renders += 1;
  if (path === '/terms-of-use/consultant') throw new Error('broken page');
  if (path === '/terms-of-use/franchisor') return null;
  const data = JSON.parse(json);
  return '<main><h1>' + (data.profile ? data.profile.firstName : data.kind) + '</h1><p>render ' + renders + '</p></main>';
}
`;

describe("public pages' bodies from the portal's server entry (rule 22)", () => {
  const entryRoot = mkdtempSync(join(tmpdir(), 'fm-public-body-'));
  const entryDirs = { ...makeStaticDirs(entryRoot), portalRenderer: join(entryRoot, 'entry.mjs') };
  writeFileSync(join(entryDirs.portal, 'index.html'), INDEX_HTML);
  writeFileSync(entryDirs.portalRenderer, SERVER_ENTRY);
  const bodyOf = (html: string) => /<div id="root">(.*?)<\/div>/s.exec(html)?.[1] ?? null;
  let rendering: TestServer;
  beforeAll(async () => {
    rendering = await startTestServer({ staticDirs: entryDirs });
  });
  afterAll(async () => {
    await rendering.close();
    rmSync(entryRoot, { recursive: true, force: true });
  });

  it("puts a profile's body in #root, without the shell's notice that the app needs JavaScript", async () => {
    const consultant = await makeConsultant(rendering, { firstName: 'Dana' });
    const html = await (await rendering.fetch(`/consultants/${consultant.id}`)).text();
    expect(bodyOf(html)).toMatch(/^<main><h1>Dana<\/h1><p>render \d+<\/p><\/main>$/);
    expect(html).not.toContain('<noscript>');
    // The first-page script loads the app when the visitor needs it.
    expect(html).toContain(`<html ${SERVER_RENDERED_ATTRIBUTE} `);
    expect(html).not.toContain('<script type="module"');
    expect(pageDataOf(html)).toMatchObject({ kind: 'consultant' });
  });

  it('renders the landing once per build and a profile once per version, for requests at once too', async () => {
    const consultant = await makeConsultant(rendering);
    const path = `/consultants/${consultant.id}`;
    const landingBody = async () => bodyOf(await (await rendering.fetch('/')).text());
    const profileBody = async (encoding = 'br') =>
      bodyOf(
        await (await rendering.fetch(path, { headers: { 'accept-encoding': encoding } })).text(),
      );
    const landings = await Promise.all([landingBody(), landingBody(), landingBody()]);
    const profiles = await Promise.all([profileBody(), profileBody(), profileBody()]);
    for (let i = 0; i < 2; i += 1) {
      landings.push(await landingBody());
      profiles.push(await profileBody());
    }
    expect(landings[0]).toMatch(/^<main><h1>landing<\/h1>/);
    expect(new Set(landings)).toEqual(new Set([landings[0]]));
    expect(profiles[0]).toMatch(/<p>render \d+<\/p>/);
    expect(new Set(profiles)).toEqual(new Set([profiles[0]]));
    // Another encoding is another answer, made from a render of its own.
    expect(await profileBody('gzip')).not.toBe(profiles[0]);
    // A changed profile is a new validator: its page is made anew, and kept again.
    await rendering.container.db
      .update(user)
      .set({ firstName: 'Renamed', updatedAt: new Date(Date.now() + 5_000) })
      .where(eq(user.id, consultant.id));
    const renamed = await profileBody();
    const renderOf = (body: string | null | undefined) => /render (\d+)/.exec(body ?? '')?.[1];
    expect(renamed).toMatch(/^<main><h1>Renamed<\/h1>/);
    expect(renderOf(renamed)).not.toBe(renderOf(profiles[0]));
    expect(await profileBody()).toBe(renamed);
  });

  it('leaves a missing profile, and a page the entry renders nothing for or fails on, to the browser', async () => {
    const missing = await (await rendering.fetch('/consultants/no-such-user')).text();
    expect(bodyOf(missing)).toBe('');
    for (const path of ['/terms-of-use/franchisor', '/terms-of-use/consultant']) {
      const res = await rendering.fetch(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(bodyOf(html)).toBe('');
      expect(html).toContain('<noscript>');
      // The app renders it, loaded as on any page of the portal.
      expect(html).toContain('<script type="module"');
      expect(html).not.toContain(SERVER_RENDERED_ATTRIBUTE);
      expect(pageDataOf(html)).toEqual({ kind: 'legal', path });
    }
    // The failure did not stop the thread.
    expect(bodyOf(await (await rendering.fetch('/privacy-policy')).text())).toMatch(/^<main>/);
  });
});
