import { freePort, type RunningParty, startParty } from '@fm/party/testing';
import { startTestServer, type TestServer } from '@fm/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import type { SlotHold } from './contracts/index.ts';
import { type SlotHoldsWatch, watchSlotHolds } from './slot-holds.ts';
import { fetchConfig } from './system.ts';
import { memoryTokenStore } from './token-store.ts';

/**
 * Two signed-out booking modals watch one consultant's slot holds through the SDK (rule 20): the
 * real API answers only where the rooms are (`GET /api/config`), the real rooms under
 * `wrangler dev` carry the holds.
 */

const SECRET = `sdk-slot-holds-test-${crypto.randomUUID()}`;
const WAIT_MS = 10_000;
const NINE = { start: '2026-03-09T09:00:00.000Z', end: '2026-03-09T09:30:00.000Z' };
const TEN = { start: '2026-03-09T10:00:00.000Z', end: '2026-03-09T10:30:00.000Z' };

let server: TestServer;
let party: RunningParty | undefined;
let partyPort = 0;
const watches: SlotHoldsWatch[] = [];

beforeAll(async () => {
  partyPort = await freePort();
  server = await startTestServer({
    env: {
      PARTY_URL: `http://127.0.0.1:${partyPort}`,
      PARTY_INTERNAL_URL: `http://127.0.0.1:${partyPort}`,
      REALTIME_SECRET: SECRET,
    },
  });
  party = await startParty({ apiUrl: server.url, secret: SECRET, port: partyPort });
}, 120_000);

afterAll(async () => {
  for (const watch of watches) watch.close();
  await party?.stop();
  await server?.close();
}, 30_000);

/** A signed-out modal's watch, with every hold set it was told. */
function modal(consultantId: string) {
  const api = createApiClient({ baseUrl: `${server.url}/api`, tokenStore: memoryTokenStore() });
  const watch = watchSlotHolds({ client: { config: () => fetchConfig(api.http) }, consultantId });
  watches.push(watch);
  const sets: (readonly SlotHold[])[] = [];
  watch.subscribe((holds) => sets.push(holds));
  return { watch, sets };
}

async function until(what: string, probe: () => boolean): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('watchSlotHolds', () => {
  it("shows one modal's selected slot to another, follows a new selection and ends on close", async () => {
    const consultantId = `c${crypto.randomUUID()}`;
    const booker = modal(consultantId);
    const other = modal(consultantId);
    // Held before the socket opened: sent once it does.
    booker.watch.hold(NINE);
    const own = { holderId: booker.watch.holderId };
    await until('the hold', () => other.sets.at(-1)?.[0]?.start === NINE.start);
    expect(other.watch.current()).toEqual([{ ...own, ...NINE }]);
    expect(other.watch.holderId).not.toBe(booker.watch.holderId);

    booker.watch.hold(TEN);
    await until('the new selection', () => other.sets.at(-1)?.[0]?.start === TEN.start);
    expect(other.watch.current()).toEqual([{ ...own, ...TEN }]);

    booker.watch.release();
    await until('the release', () => other.sets.at(-1)?.length === 0);

    booker.watch.hold(NINE);
    await until('the hold again', () => other.sets.at(-1)?.length === 1);
    booker.watch.close();
    await until('the close', () => other.watch.current().length === 0);
  }, 30_000);

  it('holds the selected slot again after the rooms come back', async () => {
    const consultantId = `c${crypto.randomUUID()}`;
    const booker = modal(consultantId);
    const other = modal(consultantId);
    booker.watch.hold(NINE);
    await until('the hold', () => other.watch.current().length === 1);
    // The rooms restart and forget every hold; both sockets reconnect on their own.
    await party?.stop();
    party = await startParty({ apiUrl: server.url, secret: SECRET, port: partyPort });
    other.sets.length = 0;
    await until('the hold told again', () => other.sets.some((set) => set.length === 1));
    expect(other.watch.current()).toEqual([{ holderId: booker.watch.holderId, ...NINE }]);
  }, 60_000);
});
