import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_KEY_SCOPE_VALUES,
  type AuthResult,
  type CalendarFeed,
  type CreatedApiKey,
  type RealtimeTicket,
} from '@fm/sdk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, spawnApi } from '../testing/api-process.ts';

/**
 * A production API process at its most talkative (LOG_LEVEL=debug) serves a session of calls that
 * create every kind of credential; its whole output is then searched for each of them.
 */
const dir = mkdtempSync(join(tmpdir(), 'fm-log-secrets-'));
let api: ApiProcess;

beforeAll(async () => {
  api = await spawnApi({
    build: 'source',
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'debug',
      MIGRATE_ON_START: 'true',
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      UPLOADS_DIR: join(dir, 'uploads'),
      AUTH_SECRET: `auth-secret-${crypto.randomUUID()}`,
      REALTIME_SECRET: `realtime-secret-${crypto.randomUUID()}`,
      PAYMENTS_PROVIDER: 'ledger',
      MAIL_TRANSPORT: 'log',
      SEED: 'none',
    },
  });
  await api.healthy();
}, 60_000);
afterAll(async () => {
  await api?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function call<T>(path: string, init: { method?: string; token?: string; body?: unknown }) {
  const res = await fetch(`${api.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: api.url,
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  expect(res.status, `${init.method ?? 'GET'} ${path}: ${res.status}`).toBeLessThan(300);
  return { res, json: () => res.json() as Promise<T> };
}

describe('the log', () => {
  it('holds none of the tokens, keys and secrets a session creates, and names routes by pattern', async () => {
    const password = `Pass-${crypto.randomUUID()}`;
    const email = `secrets-${Date.now()}@test.example`;
    const signedUp = await (
      await call<AuthResult>('/api/auth/sign-up/email', {
        method: 'POST',
        body: {
          email,
          password,
          firstName: 'Log',
          lastName: 'Reader',
          role: 'franchisor',
          ageConfirmed: true,
        },
      })
    ).json();
    const signedIn = await (
      await call<AuthResult>('/api/auth/sign-in/email', {
        method: 'POST',
        body: { email, password },
      })
    ).json();
    const token = signedIn.token;
    await call('/api/users', {
      method: 'PATCH',
      token,
      body: { franchise: { company: 'Log Co' } },
    });
    const secretKey = await (
      await call<CreatedApiKey>('/api/users/api-keys', {
        method: 'POST',
        token,
        body: { kind: 'secret', name: 'CRM', scopes: [...API_KEY_SCOPE_VALUES] },
      })
    ).json();
    // The key at work (whatever the answer, its header must not reach the log).
    await fetch(`${api.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${secretKey.key}` },
    });
    const { icalFeedUrl } = await (
      await call<CalendarFeed>('/api/users/calendars/feed', { token })
    ).json();
    const feedPath = new URL(icalFeedUrl).pathname;
    await call(feedPath, {});
    const { ticket } = await (
      await call<RealtimeTicket>('/api/realtime/ticket', {
        method: 'POST',
        token,
        body: { room: `user-${signedIn.user.id}` },
      })
    ).json();
    await call('/api/auth/sign-out', { method: 'POST', token, body: {} });

    // Give the log a moment to reach stdout (lines are flushed at least once a second).
    await new Promise((r) => setTimeout(r, 1_500));
    const output = api.output();
    const feedToken =
      feedPath
        .split('/')
        .pop()
        ?.replace(/\.ics$/, '') ?? '';
    const secrets = {
      password,
      'sign-up token': signedUp.token,
      'sign-up refresh token': signedUp.refreshToken,
      'sign-in token': token,
      'sign-in refresh token': signedIn.refreshToken,
      'secret API key': secretKey.key,
      'calendar feed token': feedToken,
      'realtime ticket': ticket,
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(8);
      expect(output.includes(secret), `${name} in the log`).toBe(false);
    }
    // The request lines are there, and name the feed by its route.
    expect(output).toContain('"path":"/api/calendar/feed/:file"');
    expect(output).toContain('"path":"/api/users/api-keys"');
  });
});
