import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthResult } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { migrateDatabase } from '../boot/migrate-database.ts';
import type { Container } from '../container.ts';
import { openDatabase } from '../db/client.ts';
import { session } from '../db/schema/index.ts';
import type { StaticDirs } from '../http/static-apps.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import { serveContainer } from './served-container.ts';

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
    /** The built apps to serve beside the API (`makeStaticDirs`); none when absent. */
    staticDirs?: StaticDirs;
  } = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'fm-test-'));
  const databaseUrl = `file:${join(dir, 'test.db')}`;
  const database = await openDatabase({ url: databaseUrl });
  await migrateDatabase(database.db);
  const { server, url, container } = await serveContainer({
    database,
    databaseUrl,
    env: { UPLOADS_DIR: join(dir, 'uploads'), ...options.env },
    now: options.now,
    realtime: options.realtime,
    prepare: options.seed,
    staticDirs: options.staticDirs,
  });

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
