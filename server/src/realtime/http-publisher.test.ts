import { describe, expect, it } from 'vitest';
import { createLogger } from '../http/logger.ts';
import { createHttpPublisher, ONLINE_CACHE_MS } from './http-publisher.ts';

/** A room server stand-in that answers presence questions and counts them. */
function rooms(connections: () => number) {
  const asked: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    asked.push(String(input));
    return new Response(JSON.stringify({ ok: true, connections: connections() }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { asked, fetch };
}

describe('isOnline', () => {
  it('asks the rooms once for a burst of questions about one user, and again once the answer is old', async () => {
    let connections = 1;
    let clock = 1_000;
    const server = rooms(() => connections);
    const publisher = createHttpPublisher({
      partyUrl: 'http://rooms.test',
      secret: 's'.repeat(32),
      // Only isOnline is exercised: no database is touched.
      db: undefined as never,
      logger: createLogger('silent'),
      fetch: server.fetch,
      now: () => clock,
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => publisher.isOnline('u1')));
    expect(answers.every(Boolean)).toBe(true);
    expect(server.asked).toHaveLength(1);
    expect(server.asked[0]).toBe('http://rooms.test/parties/rooms/user-u1');

    connections = 0;
    clock += ONLINE_CACHE_MS - 1;
    expect(await publisher.isOnline('u1')).toBe(true);
    clock += 2;
    expect(await publisher.isOnline('u1')).toBe(false);
    expect(server.asked).toHaveLength(2);

    // "No" is not kept: someone who just connected is seen at once.
    expect(await publisher.isOnline('u2')).toBe(false);
    connections = 1;
    expect(await publisher.isOnline('u2')).toBe(true);
    expect(server.asked).toHaveLength(4);
  });
});
