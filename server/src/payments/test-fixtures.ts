import { copyFileSync, mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Container } from '../container.ts';
import { createContainer } from '../container.ts';
import type { Db } from '../db/client.ts';
import { openDatabase } from '../db/client.ts';
import { meeting, paymentMethod, user } from '../db/schema/index.ts';
import { serveFramed } from '../http/framed-response.ts';
import { type RunProcess, spawnRun } from '../testing/charge-runs.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../testing/test-server.ts';
import type { MeetingMoneyRef } from './meeting-payments.ts';
import { type StripeApi, startStripeApi, stripeModeEnv } from './stripe-fake-api.ts';

/** Test helpers of the payments tests (real server, real database). Test-only. */

export const json = (body: unknown) => JSON.stringify(body);

/** Answers the JSON of a successful call, or fails the test with the body. */
export async function ok<T = unknown>(response: Promise<Response>): Promise<T> {
  const res = await response;
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A test file's server in Stripe mode: the recorded Stripe fake (`stripe`) and one real server
 * whose payments go through the Stripe adapter to it and whose webhooks are signed with `secret`,
 * both started before the file's first test and closed after its last. Test-only.
 * @example const world = stripeModeWorld('whsec_holds'); … world.stripe.completeOnboarding(accountId);
 */
export function stripeModeWorld(secret: string, options: { publishableKey?: string } = {}) {
  let stripe: StripeApi | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    stripe = await startStripeApi();
    server = await startTestServer({
      env: stripeModeEnv(stripe, secret, options.publishableKey),
    });
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });
  return {
    /** The Stripe fake (from the file's `beforeAll` on). */
    get stripe(): StripeApi {
      if (!stripe) throw new Error('the Stripe fake starts in beforeAll');
      return stripe;
    },
    /** The server in Stripe mode (from the file's `beforeAll` on). */
    get server(): TestServer {
      if (!server) throw new Error('the test server starts in beforeAll');
      return server;
    },
  };
}

/** An admin, signed in. */
export async function signInAdmin(server: TestServer): Promise<string> {
  const email = `admin-${crypto.randomUUID().slice(0, 8)}@test.example`;
  await server.container.accounts.ensureAdmin(email, TEST_PASSWORD);
  const res = await server.fetch('/api/auth/sign-in/email', {
    method: 'POST',
    body: json({ email, password: TEST_PASSWORD }),
  });
  const body = (await res.json()) as { token: string };
  return body.token;
}

/** A franchisor with a saved card (through the API); `franchiseId` is the franchise created for it. */
export async function franchisorWithCard(server: TestServer, card = 'pm_card_visa') {
  const account = await server.signUp('franchisor');
  if (card) {
    await ok(
      server.fetch('/api/users/payment-method', {
        method: 'POST',
        token: account.token,
        body: json({ paymentMethodId: card }),
      }),
    );
  }
  const row = await server.container.db
    .select({ franchiseId: user.franchiseId })
    .from(user)
    .where(eq(user.id, account.user.id))
    .get();
  return { id: account.user.id, token: account.token, franchiseId: row?.franchiseId ?? null };
}

/**
 * A franchisor whose saved card was accepted when it was added and is declined now (its bank has
 * since refused it, say): Stripe's declining test ids can not be added at all, as in Stripe's test
 * mode, so the card is added as `pm_card_visa` and its stored provider id then becomes `declining`.
 */
export async function franchisorWhoseCardDeclines(server: TestServer, declining: string) {
  const account = await franchisorWithCard(server);
  await server.container.db
    .update(paymentMethod)
    .set({ providerMethodId: declining })
    .where(eq(paymentMethod.franchiseId, account.franchiseId ?? ''));
  return account;
}

export async function consultantAccount(server: TestServer) {
  const account = await server.signUp('consultant');
  return { id: account.user.id, token: account.token };
}

/** `POST /api/users/payouts/connect`: the payout onboarding link a consultant is sent to. */
export async function connectPayouts(server: TestServer, token: string, body: unknown = {}) {
  const res = await server.fetch('/api/users/payouts/connect', {
    method: 'POST',
    token,
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

/** The payout account an onboarding link of the Stripe fake is for: its last path segment. */
export const accountIdOf = (onboardingUrl: string) => onboardingUrl.split('/').at(-1) ?? '';

/** `GET /api/users/payouts/account`: how far the consultant's payout account is. */
export async function payoutStatus(server: TestServer, token: string) {
  const res = await server.fetch('/api/users/payouts/account', { token });
  return ((await res.json()) as { status: string }).status;
}

/** A meeting row as booking writes it (the payments seam is called separately). */
export async function insertMeeting(
  db: Db,
  m: Omit<MeetingMoneyRef, 'id'> & { status?: 'future' | 'pending' | 'completed' | 'declined' },
): Promise<MeetingMoneyRef & { status: string }> {
  const [row] = await db
    .insert(meeting)
    .values({
      consultantId: m.consultantId,
      franchisorId: m.franchisorId,
      franchiseId: m.franchiseId,
      startAt: m.startAt,
      endAt: new Date(m.startAt.getTime() + m.durationMinutes * 60_000),
      timeZone: 'America/New_York',
      durationMinutes: m.durationMinutes,
      rateCents: m.rateCents,
      status: m.status ?? 'future',
    })
    .returning();
  if (!row) throw new Error('meeting insert failed');
  return row;
}

export async function setMeetingStatus(
  db: Db,
  id: string,
  status: 'future' | 'pending' | 'completed' | 'declined',
) {
  await db.update(meeting).set({ status }).where(eq(meeting.id, id));
}

/** A copy of a container's database file, taken now (an identical database to compare runs on). */
export async function copyDatabase(container: Container): Promise<string> {
  await container.database.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  const copy = join(mkdtempSync(join(tmpdir(), 'fm-pay-')), 'copy.db');
  copyFileSync(container.env.DATABASE_URL.slice('file:'.length), copy);
  return `file:${copy}`;
}

/** Another API process: a container and an HTTP server over the database at `url`. */
export async function openServer(
  base: Container,
  url: string,
  now: () => Date,
): Promise<{ url: string; container: Container; close(): Promise<void> }> {
  const database = await openDatabase({ url });
  const container = await createContainer({
    env: { ...base.env, DATABASE_URL: url },
    database,
    now,
  });
  const http = serveFramed({ fetch: container.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((ready) => http.once('listening', () => ready()));
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    container,
    close: () =>
      new Promise<void>((done) =>
        http.close(() => {
          database.close();
          done();
        }),
      ),
  };
}

/**
 * Delivers a webhook event as Stripe does: the JSON body signed with the endpoint's secret
 * (`stripe`'s own test-header helper), posted to the real route.
 * @example const res = await deliverStripeEvent(server, { id: 'evt_1', type, data: { object } }, SECRET);
 */
export function deliverStripeEvent(
  server: TestServer,
  body: unknown,
  secret: string,
): Promise<Response> {
  const payload = JSON.stringify(body);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return server.fetch('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'stripe-signature': header, 'content-type': 'application/json' },
    body: payload,
  });
}

/**
 * A sender of Stripe events to `server()` (read at each call: test files start it in `beforeAll`),
 * each built as Stripe sends it, numbered `evt_{prefix}_{n}` unless given an id (a replay), and
 * required to be accepted; answers whether the route saw it as a duplicate.
 * @example const deliver = stripeEventSender(() => server, SECRET, 'holds'); await deliver('payment_intent.canceled', intent);
 */
export function stripeEventSender(server: () => TestServer, secret: string, prefix: string) {
  let counter = 0;
  return async (type: string, object: unknown, id?: string): Promise<{ duplicate: boolean }> => {
    counter += 1;
    const res = await deliverStripeEvent(
      server(),
      {
        id: id ?? `evt_${prefix}_${counter}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object },
      },
      secret,
    );
    expect(res.status).toBe(200);
    return (await res.json()) as { duplicate: boolean };
  };
}

/**
 * A payout run in its own API-like process (`payout-run-process.ts`) over the database at `url`:
 * the monthly job, the hourly waiting-payouts job, a bare `payWaiting` (what `account.updated`
 * runs) or the catch-up, for the instant `at`. Read its outcome with `finished` (testing/charge-runs.ts).
 * @example const outcome = await finished(runPayoutProcess(url, { run: 'monthly', at: '2026-03-01T07:00:00Z' }));
 */
export function runPayoutProcess(
  url: string,
  options: {
    run: 'monthly' | 'waiting' | 'pay-waiting' | 'catch-up';
    at: string;
    /** Pays through the Stripe adapter against this API (the recorded fake) instead of the ledger. */
    stripeApiUrl?: string;
  },
): RunProcess {
  return spawnRun('server/src/payments/payout-run-process.ts', {
    DATABASE_URL: url,
    RUN: options.run,
    AT: options.at,
    ...(options.stripeApiUrl ? { STRIPE_API_URL: options.stripeApiUrl } : {}),
  });
}
