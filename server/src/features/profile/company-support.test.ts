import { FIELD_MESSAGES, SUPPORT_EMAIL } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, supportRequest } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const send = (body: unknown, token?: string) =>
  server.fetch('/api/users/company-support-request', {
    method: 'POST',
    ...(token ? { token } : {}),
    body: JSON.stringify(body),
  });

describe('POST /api/users/company-support-request', () => {
  it("refuses missing or invalid fields with the spec's messages and stores nothing", async () => {
    const before = await server.container.db.$count(supportRequest);
    for (const [body, errors] of [
      [{}, { email: FIELD_MESSAGES.emailRequired, details: FIELD_MESSAGES.detailsRequired }],
      [{ email: 'not-an-email', details: 'Hi' }, { email: FIELD_MESSAGES.emailInvalid }],
      [{ email: 'a@b.test', details: '   ' }, { details: FIELD_MESSAGES.detailsRequired }],
    ] as const) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors });
    }
    expect(await server.container.db.$count(supportRequest)).toBe(before);
  });

  it('stores a company request with its sender and mails support', async () => {
    const franchisor = await server.signUp('franchisor');
    const res = await send(
      { email: 'owner@brand.test', details: 'Please add our second location.' },
      franchisor.token,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const rows = await server.container.db
      .select()
      .from(supportRequest)
      .where(eq(supportRequest.email, 'owner@brand.test'));
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'company',
        userId: franchisor.user.id,
        details: 'Please add our second location.',
      }),
    ]);
    const mails = await server.container.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, SUPPORT_EMAIL));
    expect(
      mails.some((m) => m.subject.includes('company support request from owner@brand.test')),
    ).toBe(true);
  });

  it('keeps a personal request apart from a company one', async () => {
    const res = await server.fetch('/api/users/support-request', {
      method: 'POST',
      body: JSON.stringify({ email: 'me@person.test', details: 'Where is my invoice?' }),
    });
    expect(res.status).toBe(200);
    const [row] = await server.container.db
      .select()
      .from(supportRequest)
      .where(eq(supportRequest.email, 'me@person.test'));
    expect(row).toMatchObject({ kind: 'user', userId: null });
  });
});
