import type { MarkNotificationsReadResult, NotificationList } from '@fm/sdk/contracts';
import type { InArgs } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import { notification } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { countsOf, markNotificationsRead } from './inbox.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));

async function list(token: string, query = ''): Promise<NotificationList> {
  const res = await server.fetch(`/api/users/notifications${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as NotificationList;
}

const markRead = (token: string | undefined, body: unknown) =>
  server.fetch('/api/users/notifications/read', {
    method: 'POST',
    ...(token ? { token } : {}),
    body: JSON.stringify(body),
  });

describe('notifications', () => {
  it('lists the user’s own, newest first, ten a page, with who caused each', async () => {
    const franchisor = await server.signUp('franchisor');
    const consultant = await server.signUp('consultant');
    await server.container.db.insert(notification).values([
      ...Array.from({ length: 12 }, (_, i) => ({
        userId: consultant.user.id,
        actorId: franchisor.user.id,
        type: 'booked',
        message: `Meeting ${i} booked`,
        link: `/bookings/m${i}`,
        createdAt: at(i),
      })),
      { userId: franchisor.user.id, type: 'payment', message: 'Not yours', createdAt: at(30) },
    ]);

    const first = await list(consultant.token);
    expect(first).toMatchObject({ total: 12, unreadCount: 12, page: 1, limit: 10 });
    expect(first.data.map((n) => n.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Meeting ${11 - i} booked`),
    );
    expect(first.data[0]).toMatchObject({
      type: 'booked',
      link: '/bookings/m11',
      isRead: false,
      createdAt: at(11).toISOString(),
      firstName: 'Test',
      lastName: 'franchisor',
      avatar: null,
    });
    const second = await list(consultant.token, '?page=2');
    expect(second.data.map((n) => n.message)).toEqual(['Meeting 1 booked', 'Meeting 0 booked']);

    // Marking: only the caller's own ids count.
    const [mine] = await server.container.db
      .select({ id: notification.id })
      .from(notification)
      .where(eq(notification.userId, franchisor.user.id));
    const ids = [first.data[0]?.id, first.data[1]?.id, mine?.id];
    const res = await markRead(consultant.token, { ids });
    expect(res.status).toBe(200);
    expect((await res.json()) as MarkNotificationsReadResult).toEqual({
      updated: 2,
      unreadCount: 10,
    });
    expect((await list(franchisor.token)).unreadCount).toBe(1);
    const after = await list(consultant.token);
    expect(after.data.slice(0, 3).map((n) => n.isRead)).toEqual([true, true, false]);

    const all = await markRead(consultant.token, { all: true });
    expect(await all.json()).toEqual({ updated: 10, unreadCount: 0 });
    expect((await list(consultant.token)).unreadCount).toBe(0);
  });

  it('refuses bad input with 400 and strangers with 401', async () => {
    const user = await server.signUp('consultant');
    for (const body of [{}, { ids: [] }, { ids: 'x' }, { all: false }, { ids: ['a'], all: true }]) {
      const res = await markRead(user.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    for (const query of ['?page=0', '?limit=1000', '?page=x']) {
      const res = await server.fetch(`/api/users/notifications${query}`, { token: user.token });
      expect(res.status, query).toBe(400);
    }
    expect((await server.fetch('/api/users/notifications')).status).toBe(401);
    expect((await markRead(undefined, { all: true })).status).toBe(401);
  });
});

describe('the unread count', () => {
  it('reads only the user’s unread entries (the partial index), when counting and marking all read', async () => {
    const { client } = server.container.database;
    // The inbox's own functions, on a handle that records the statements they run.
    const ran: { sql: string; params: unknown[] }[] = [];
    const recording = drizzle(client, {
      schema,
      logger: { logQuery: (sql, params) => ran.push({ sql, params }) },
    });
    const user = await server.signUp('consultant');
    await server.container.db
      .insert(notification)
      .values({ userId: user.user.id, type: 'booked', message: 'Booked', createdAt: at(1) });
    expect(await countsOf(recording, user.user.id)).toEqual({ total: 1, unread: 1 });
    expect(await markNotificationsRead(recording, user.user.id, { all: true })).toEqual({
      updated: 1,
      unreadCount: 0,
    });
    const touchingUnread = ran.filter((statement) => statement.sql.includes('"is_read" = 0'));
    // The count, the update of "mark all" and the count after it.
    expect(touchingUnread).toHaveLength(3);
    for (const { sql, params } of touchingUnread) {
      const plan = await client.execute({
        sql: `EXPLAIN QUERY PLAN ${sql}`,
        args: params as InArgs,
      });
      expect(plan.rows.map((row) => String(row.detail)).join('\n'), sql).toMatch(
        /USING (COVERING )?INDEX notification_unread_idx/,
      );
    }
  });
});
