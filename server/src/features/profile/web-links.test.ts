import { WEB_LINK_MESSAGE } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.ts';
import { testServerWorld } from '../../testing/test-world.ts';

const world = testServerWorld();

const patchJson = (token: string, body: unknown) =>
  world.server.fetch('/api/users', { method: 'PATCH', token, body: JSON.stringify(body) });
/** The links of the own profile, as the PATCH answers it (an empty patch changes nothing). */
const Links = v.object({
  consultant: v.nullish(v.object({ profileUrl: v.nullable(v.string()) })),
  franchise: v.nullish(v.object({ corporateWebsite: v.nullable(v.string()) })),
});
const ownProfile = async (token: string) =>
  v.parse(Links, await (await patchJson(token, {})).json());

/** Links people type are opened by other people's browsers: only http(s) ones are kept. */
describe('links in profiles', () => {
  it('refuses a franchise website that is not an http(s) link, and keeps the one it had', async () => {
    const f = await world.server.signUp('franchisor');
    const saved = await patchJson(f.token, {
      franchise: { company: 'Linked Co', corporateWebsite: 'https://linked.example' },
    });
    expect(saved.status).toBe(200);
    for (const link of [
      'javascript:alert(document.cookie)',
      'data:text/html,<b>x</b>',
      'linked.example',
    ]) {
      const res = await patchJson(f.token, { franchise: { corporateWebsite: link } });
      expect(res.status, link).toBe(400);
      expect(JSON.stringify(await res.json()), link).toContain(WEB_LINK_MESSAGE);
    }
    expect((await ownProfile(f.token)).franchise?.corporateWebsite).toBe('https://linked.example');
    const cleared = await patchJson(f.token, { franchise: { corporateWebsite: '' } });
    expect(cleared.status).toBe(200);
    expect((await ownProfile(f.token)).franchise?.corporateWebsite).toBeNull();
  });

  it("refuses a consultant's profile link that is not an http(s) link", async () => {
    const c = await world.server.signUp('consultant');
    const res = await patchJson(c.token, { profileUrl: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: { profileUrl: WEB_LINK_MESSAGE } });
    const [row] = await world.server.container.db.select().from(user).where(eq(user.id, c.user.id));
    expect(row?.email).toBe(c.user.email);
    const ok = await patchJson(c.token, { profileUrl: 'http://localhost:3000/me' });
    expect(ok.status).toBe(200);
    expect((await ownProfile(c.token)).consultant?.profileUrl).toBe('http://localhost:3000/me');
  });
});
