import { afterAll, beforeAll } from 'vitest';
import { signInAdmin } from '../payments/test-fixtures.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * A test file's server and the clock it reads: one real server over a fresh database for the
 * whole file (started before its first test, closed after its last) whose `now` is `world.now`,
 * which the tests set or move with `tick`. Test-only.
 * @example const world = testServerWorld({ start: new Date('2026-03-02T12:00:00Z') }); … world.tick(60_000);
 */
export function testServerWorld(options: { start?: Date; realtime?: RealtimePublisher } = {}) {
  let started: TestServer | undefined;
  const world = {
    now: new Date(options.start ?? Date.now()),
    /** The running server (from the file's `beforeAll` on). */
    get server(): TestServer {
      if (!started) throw new Error('the test server starts in beforeAll');
      return started;
    },
    tick(ms = 1000) {
      world.now = new Date(world.now.getTime() + ms);
    },
  };
  beforeAll(async () => {
    started = await startTestServer({
      now: () => world.now,
      ...(options.realtime ? { realtime: options.realtime } : {}),
    });
  });
  afterAll(async () => {
    await started?.close();
  });
  return world;
}

/**
 * {@link testServerWorld} with an admin signed in before the first test: `adminToken`, and
 * `asAdmin` for a request with it. Test-only.
 * @example const world = adminTestWorld(); … await world.asAdmin('/api/admin/users');
 */
export function adminTestWorld(options: { start?: Date; realtime?: RealtimePublisher } = {}) {
  const world = testServerWorld(options);
  let token: string | undefined;
  beforeAll(async () => {
    token = await signInAdmin(world.server);
  });
  const adminToken = (): string => {
    if (!token) throw new Error('the admin signs in in beforeAll');
    return token;
  };
  return Object.assign(world, {
    adminToken,
    asAdmin: (path: string, init: RequestInit = {}) =>
      world.server.fetch(path, { ...init, token: adminToken() }),
  });
}
