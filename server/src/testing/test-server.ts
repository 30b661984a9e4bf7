import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthResult } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { migrateDatabase } from '../boot/migrate-database.ts';
import { type Container, createContainer } from '../container.ts';
import { openDatabase } from '../db/client.ts';
import { session } from '../db/schema/index.ts';
import { loadEnv } from '../env.ts';
import { serveFramed } from '../http/framed-response.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';

export interface TestServer {
  /** Origin of the running server, e.g. http://127.0.0.1:51234 (the API is at `${url}/api`). */
  url: string;
  container: Container;
  /** Signs up a fresh user of that role through the real API. */
  signUp(
    role: 'franchisor' | 'consultant',
    overrides?: Partial<{ email: string; password: string }>,
  ): Promise<AuthResult & { password: string }>;
  /** Sends a request with the given credentials through real HTTP. */
  fetch(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  /** Makes an access token expire now, as if its session had timed out. */
  expireAccessToken(token: string): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;
export const TEST_PASSWORD = 'Test-Pass-2025!';

/**
 * A real server on a random port over a fresh temporary libSQL file, migrated and empty (no seed).
 * @example const server = await startTestServer(); … await server.close();
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    now?: () => Date;
    seed?: (c: Container) => Promise<unknown>;
    /** Receives what the API pushes into realtime rooms (tests record it). */
    realtime?: RealtimePublisher;
  } = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'fm-test-'));
  const databaseUrl = `file:${join(dir, 'test.db')}`;
  const database = await openDatabase({ url: databaseUrl });
  await migrateDatabase(database.db);
  const server = serveFramed({
    fetch: () => new Response('starting', { status: 503 }),
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise<void>((ready) => server.once('listening', () => ready()));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: url,
    PORT: String(port),
    SEED: 'none',
    RATE_LIMIT_SIGN_IN: '1000',
    RATE_LIMIT_SIGN_UP: '1000',
    UPLOADS_DIR: join(dir, 'uploads'),
    ...options.env,
  });
  const container = await createContainer({
    env,
    database,
    ...(options.now ? { now: options.now } : {}),
    ...(options.realtime ? { realtime: options.realtime } : {}),
  });
  if (options.seed) await options.seed(container);
  server.removeAllListeners('request');
  const { getRequestListener } = await import('@hono/node-server');
  server.on('request', getRequestListener(container.app.fetch));

  const call = (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (typeof init.body === 'string' && !headers.has('content-type')) {
      headers.set('content-type', 'application/json');
    }
    return fetch(`${url}${path}`, { ...init, headers });
  };

  return {
    url,
    container,
    fetch: call,
    async signUp(role, overrides = {}) {
      counter += 1;
      const password = overrides.password ?? TEST_PASSWORD;
      const email =
        overrides.email ?? `${role}-${process.pid}-${Date.now()}-${counter}@test.example`;
      const res = await call('/api/auth/sign-up/email', {
        method: 'POST',
        body: JSON.stringify({
          email,
          password,
          firstName: 'Test',
          lastName: role,
          role,
          ageConfirmed: true,
        }),
      });
      if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      return { ...((await res.json()) as AuthResult), password };
    },
    async expireAccessToken(token) {
      await container.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(session.token, token));
    },
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      await container.close();
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
