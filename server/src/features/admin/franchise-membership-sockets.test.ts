import type { AdminFranchiseDetail } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { json, ok } from '../../payments/test-fixtures.ts';
import { disconnectRecorder } from '../../testing/disconnect-recorder.ts';
import { adminTestWorld } from '../../testing/test-world.ts';

const { realtime, disconnected } = disconnectRecorder();
const world = adminTestWorld({ realtime });
const { asAdmin } = world;

const newFranchise = (company: string) =>
  ok<AdminFranchiseDetail>(
    asAdmin('/api/admin/franchises', { method: 'POST', body: json({ company, country: 'USA' }) }),
  );
const addTo = (userId: string, franchiseId: string) =>
  ok(asAdmin(`/api/admin/franchisors/${userId}/add/${franchiseId}`, { method: 'POST' }));

/**
 * A member who leaves a franchise leaves its live rooms too (its meeting rooms among them): the
 * realtime world.server is told to close their sockets once the change is committed.
 */
describe('leaving a franchise closes the member’s sockets', () => {
  it('when an admin moves a franchisor to another franchise (not when they first join one)', async () => {
    const first = await newFranchise('Socket Swim');
    const second = await newFranchise('Socket Gym');
    const member = await world.server.signUp('franchisor');
    disconnected.length = 0;
    await addTo(member.user.id, first.id);
    expect(disconnected).toEqual([]);
    await addTo(member.user.id, second.id);
    expect(disconnected).toEqual([member.user.id]);
  });

  it('when an admin deletes the franchise, for every member', async () => {
    const f = await newFranchise('Socket Bakery');
    const a = await world.server.signUp('franchisor');
    const b = await world.server.signUp('franchisor');
    await addTo(a.user.id, f.id);
    await addTo(b.user.id, f.id);
    disconnected.length = 0;
    await ok(asAdmin(`/api/admin/franchises/${f.id}`, { method: 'DELETE' }));
    expect(disconnected.sort()).toEqual([a.user.id, b.user.id].sort());
  });
});
