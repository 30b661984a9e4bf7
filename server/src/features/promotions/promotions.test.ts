import type { PromotionList } from '@fm/sdk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotion } from '../../db/schema/index.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../testing/test-server.ts';

const MINUTE = 60_000;
/** The clock the server reads; each test moves it. Near real time, so sessions stay valid. */
const origin = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
let clock = origin;
const at = (minutes: number) => new Date(origin.getTime() + minutes * MINUTE);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  const row = (
    key: string,
    affected: 'Franchise' | 'Consultant',
    start: number,
    end: number,
    status: 'active' | 'inactive' = 'active',
  ) => ({
    key,
    name: `Title ${key}`,
    description: `About ${key}`,
    effect: 'Price' as const,
    affected,
    startDate: at(start),
    endDate: at(end),
    status,
  });
  await server.container.db.insert(promotion).values([
    // Running from minute 60 to minute 120, one for each audience.
    row('brand-window', 'Franchise', 60, 120),
    row('consultant-window', 'Consultant', 60, 120),
    // Ends sooner, so it comes first while both run.
    row('brand-short', 'Franchise', 0, 90),
    row('brand-paused', 'Franchise', 0, 200, 'inactive'),
    row('brand-expired', 'Franchise', -200, -10),
    row('brand-future', 'Franchise', 300, 400),
    { ...row('brand-no-text', 'Franchise', 0, 500), description: null },
  ]);
});
afterAll(async () => {
  await server.close();
});

async function keysFor(token: string): Promise<string[]> {
  const res = await server.fetch('/api/users/promotions', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as PromotionList).promotions.map((p) => p.key);
}

describe('GET /api/users/promotions', () => {
  it('answers the running ones of the caller’s audience as {key, title, description}', async () => {
    const franchisor = await server.signUp('franchisor');
    const consultant = await server.signUp('consultant');
    clock = at(70);
    const res = await server.fetch('/api/users/promotions', { token: franchisor.token });
    expect(await res.json()).toEqual({
      promotions: [
        { key: 'brand-short', title: 'Title brand-short', description: 'About brand-short' },
        { key: 'brand-window', title: 'Title brand-window', description: 'About brand-window' },
        { key: 'brand-no-text', title: 'Title brand-no-text', description: '' },
      ],
    });
    expect(await keysFor(consultant.token)).toEqual(['consultant-window']);
  });

  it('runs from its start (included) to its end (excluded) by the server’s clock', async () => {
    const franchisor = await server.signUp('franchisor');
    const running = (keys: string[]) => keys.includes('brand-window');
    clock = new Date(at(60).getTime() - 1);
    expect(running(await keysFor(franchisor.token))).toBe(false);
    clock = at(60);
    expect(running(await keysFor(franchisor.token))).toBe(true);
    clock = new Date(at(120).getTime() - 1);
    expect(running(await keysFor(franchisor.token))).toBe(true);
    clock = at(120);
    expect(running(await keysFor(franchisor.token))).toBe(false);
  });

  it('never answers paused, expired or future ones', async () => {
    const franchisor = await server.signUp('franchisor');
    for (const minute of [-100, 0, 70, 150, 350]) {
      clock = at(minute);
      const keys = await keysFor(franchisor.token);
      expect(keys, `minute ${minute}`).not.toContain('brand-paused');
      if (minute >= -10) expect(keys, `minute ${minute}`).not.toContain('brand-expired');
      if (minute < 300) expect(keys, `minute ${minute}`).not.toContain('brand-future');
    }
    clock = at(-100);
    expect(await keysFor(franchisor.token)).toContain('brand-expired');
    clock = at(350);
    expect(await keysFor(franchisor.token)).toEqual(['brand-future', 'brand-no-text']);
  });

  it('gives admins none and guests 401', async () => {
    clock = at(70);
    await server.container.accounts.ensureAdmin('promo-admin@test.example', TEST_PASSWORD);
    const signIn = await server.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      body: JSON.stringify({ email: 'promo-admin@test.example', password: TEST_PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    expect(await keysFor(token)).toEqual([]);

    const guest = await server.fetch('/api/users/promotions');
    expect(guest.status).toBe(401);
    expect(await guest.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
