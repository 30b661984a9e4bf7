import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consultantGroup,
  consultantIndustry,
  consultantProfile,
  consultantRegion,
  franchise,
  user,
} from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { addReview, makeConsultant, makeFranchisor } from '../booking/test-fixtures.ts';
import { findOwnProfile, readPublicProfile } from './profile-repository.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const at = (iso: string) => new Date(iso);

async function reviewBy(consultantId: string, rating: number, createdAt: Date) {
  const franchisor = await server.signUp('franchisor');
  const franchisorId = franchisor.user.id;
  const start = at('2026-01-05T10:00:00Z');
  await addReview(server, { consultantId, franchisorId, rating, start, createdAt });
}

describe('a public profile read in one (the profile call and its page, rule 22)', () => {
  it('gives a consultant’s public fields as the own profile’s separate reads do, sorted', async () => {
    const { id } = await makeConsultant(server, { rateCents: 7_500 });
    const db = server.container.db;
    await db.insert(consultantIndustry).values([
      { userId: id, value: 'Senior Care' },
      { userId: id, value: 'Automotive' },
    ]);
    await db.insert(consultantRegion).values([
      { userId: id, value: 'USA' },
      { userId: id, value: 'Canada' },
    ]);
    await db.insert(consultantGroup).values({ userId: id, value: 'IFPG' });
    await reviewBy(id, 4, at('2026-02-01T00:00:00Z'));
    await reviewBy(id, 5, at('2026-02-02T00:00:00Z'));
    await reviewBy(id, 5, at('2026-02-03T00:00:00Z'));

    const read = await readPublicProfile(db, id);
    const own = await findOwnProfile(db, id);
    if (read?.profile.role !== 'consultant' || !own?.consultant) throw new Error('no profile');
    const { address: _a, profileUrl: _p, ...ownPublic } = own.consultant;
    expect(read.profile).toMatchObject(ownPublic);
    expect(read.profile.industrySpecialty).toEqual(['Automotive', 'Senior Care']);
    expect(read.profile.region).toEqual(['Canada', 'USA']);
    expect(read.profile).toMatchObject({ rate: 75, averageRating: 4.7, reviewCount: 3 });
    expect(read.listed).toBe(true);
  });

  it('is changed at the newest of the account, its details and its newest review', async () => {
    const { id } = await makeConsultant(server);
    const db = server.container.db;
    const setTimes = async (account: string, details: string) => {
      await db
        .update(user)
        .set({ updatedAt: at(account) })
        .where(eq(user.id, id));
      await db
        .update(consultantProfile)
        .set({ updatedAt: at(details) })
        .where(eq(consultantProfile.userId, id));
    };
    await setTimes('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z');
    expect((await readPublicProfile(db, id))?.changedAt).toEqual(at('2026-03-02T00:00:00Z'));
    await setTimes('2026-03-04T00:00:00Z', '2026-03-02T00:00:00Z');
    expect((await readPublicProfile(db, id))?.changedAt).toEqual(at('2026-03-04T00:00:00Z'));
    await reviewBy(id, 3, at('2026-03-05T00:00:00Z'));
    expect((await readPublicProfile(db, id))?.changedAt).toEqual(at('2026-03-05T00:00:00Z'));
  });

  it('is not listed for a consultant discovery does not show, nor read at all when hidden', async () => {
    const incomplete = await makeConsultant(server, { rateCents: null });
    const db = server.container.db;
    expect(await readPublicProfile(db, incomplete.id)).toMatchObject({ listed: false });
    const hidden = await makeConsultant(server);
    await db.update(user).set({ status: false }).where(eq(user.id, hidden.id));
    expect(await readPublicProfile(db, hidden.id)).toBeNull();
    expect(await readPublicProfile(db, hidden.id, hidden.id)).toMatchObject({ listed: false });
  });

  it('lists only the franchise member its card shows, changed with the franchise', async () => {
    const owner = await makeFranchisor(server, { company: 'Tidy Paws' });
    const member = await makeFranchisor(server, { franchiseId: owner.franchiseId });
    const db = server.container.db;
    await db
      .update(user)
      .set({ updatedAt: at('2026-04-01T00:00:00Z') })
      .where(eq(user.id, owner.id));
    await db
      .update(franchise)
      .set({ updatedAt: at('2026-04-02T00:00:00Z') })
      .where(eq(franchise.id, owner.franchiseId));
    const read = await readPublicProfile(db, owner.id);
    expect(read).toMatchObject({ listed: true, changedAt: at('2026-04-02T00:00:00Z') });
    expect(read?.profile).toMatchObject({
      role: 'franchisor',
      franchise: { company: 'Tidy Paws' },
    });
    expect(await readPublicProfile(db, member.id)).toMatchObject({ listed: false });
  });
});
