import type { PublicProfile } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('a profile that is not public yet (/consultant-profile)', () => {
  it('is shown to its owner as others will see it, and to nobody else', async () => {
    const owner = await server.signUp('consultant');
    const other = await server.signUp('franchisor');
    const path = `/api/users/profile/${owner.user.id}`;
    // Not activated yet: not public.
    await server.container.db
      .update(user)
      .set({ isVerified: false })
      .where(eq(user.id, owner.user.id));
    expect((await server.fetch(path)).status).toBe(404);
    expect((await server.fetch(path, { token: other.token })).status).toBe(404);

    const own = await server.fetch(path, { token: owner.token });
    expect(own.status).toBe(200);
    const profile = (await own.json()) as PublicProfile;
    expect(profile).toMatchObject({ id: owner.user.id, role: 'consultant', isVerified: false });
    // The public shape: nothing of the own profile's private fields.
    expect(profile).not.toHaveProperty('email');
    expect(profile).not.toHaveProperty('address');

    // Hidden by the owner: still theirs to see.
    await server.container.db.update(user).set({ status: false }).where(eq(user.id, owner.user.id));
    expect((await server.fetch(path, { token: owner.token })).status).toBe(200);
    expect((await server.fetch(path, { token: other.token })).status).toBe(404);
  });
});
