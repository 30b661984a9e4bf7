import { afterAll, beforeAll } from 'vitest';
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
