import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema/index.ts';
import type { Logger } from '../http/logger.ts';
import { spawnApi } from '../testing/api-process.ts';
import { useTempDatabase } from '../testing/temp-database.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../testing/test-server.ts';
import { adminAddressHeldMessage, bootstrapAdmin } from './admin-bootstrap.ts';

/**
 * Rule 4: an account that is not an admin at `ADMIN_EMAIL` is reported and left alone,
 * and the server starts; anyone who registered the address first could otherwise keep it down.
 */

function recordingLogger() {
  const lines: { level: 'error' | 'info'; message: string; detail?: unknown }[] = [];
  const logger: Logger = {
    error: (message, detail) => lines.push({ level: 'error', message, detail }),
    info: (message, detail) => lines.push({ level: 'info', message, detail }),
    debug: () => {},
  };
  return { logger, lines };
}

describe('bootstrapAdmin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('reports an address held by a non-admin on an error line and leaves the account alone', async () => {
    const holder = await server.signUp('consultant', { email: 'held-boot@test.example' });
    const { logger, lines } = recordingLogger();
    const result = await bootstrapAdmin(
      { accounts: server.container.accounts, logger },
      { email: 'held-boot@test.example', password: 'Admin-Pass-99!' },
    );
    expect(result).toEqual({
      outcome: 'held-by-non-admin',
      userId: holder.user.id,
      role: 'consultant',
    });
    expect(lines).toEqual([
      {
        level: 'error',
        message: adminAddressHeldMessage('held-boot@test.example'),
        detail: { userId: holder.user.id, role: 'consultant' },
      },
    ]);
    const row = await server.container.db.query.user.findFirst({
      where: eq(user.id, holder.user.id),
    });
    expect(row?.role).toBe('consultant');
    expect((await server.fetch('/api/auth/me', { token: holder.token })).status).toBe(200);
  });

  it('makes the admin and says it is ready otherwise', async () => {
    const { logger, lines } = recordingLogger();
    const result = await bootstrapAdmin(
      { accounts: server.container.accounts, logger },
      { email: 'boot-admin@test.example', password: TEST_PASSWORD },
    );
    expect(result).toEqual({ outcome: 'ready' });
    expect(lines).toEqual([{ level: 'info', message: 'admin boot-admin@test.example is ready' }]);
  });
});

describe('a start with ADMIN_EMAIL held by a non-admin', () => {
  const database = useTempDatabase('fm-admin-boot-');

  it('serves, logs the address, and leaves the account as it is', async () => {
    await database.current.db.insert(user).values({
      id: 'holder-1',
      name: 'Holly Holder',
      email: 'held@test.example',
      role: 'franchisor',
      firstName: 'Holly',
      lastName: 'Holder',
      isVerified: true,
    });
    const api = await spawnApi({
      env: {
        DATABASE_URL: database.url,
        ADMIN_EMAIL: 'held@test.example',
        ADMIN_PASSWORD: 'Admin-Pass-99!',
      },
    });
    try {
      await api.healthy();
      // Log lines are written at least once a second.
      const deadline = Date.now() + 5_000;
      while (!api.output().includes('ADMIN_EMAIL held@test.example') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(api.output()).toContain(adminAddressHeldMessage('held@test.example'));
    } finally {
      await api.stop();
    }
    const row = await database.current.db.query.user.findFirst({
      where: eq(user.email, 'held@test.example'),
    });
    expect(row?.role).toBe('franchisor');
  }, 90_000);
});
