import { CHAT_EMAIL_INTERVAL_MS } from '@fm/sdk/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, notification } from '../../db/schema/index.ts';
import { api, chatTestWorld, consultant, franchisor, startChat } from './test-fixtures.ts';

const world = chatTestWorld();
const { realtime, tick } = world;
const MINUTE = 60_000;
const send = (token: string, chatId: string, text: string) =>
  api(world.server, 'POST', `/api/chats/${chatId}/messages`, token, { text });
const notificationsOf = (userId: string) =>
  world.server.container.db
    .select()
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.type, 'new_message')));
const mailsTo = (email: string) =>
  world.server.container.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe('a message to someone who is offline', () => {
  it('rings the bell every time and e-mails at most once an hour per chat', async () => {
    const f = await franchisor(world.server, { firstName: 'Fran' });
    const c = await consultant(world.server);
    const chatId = await startChat(world.server, f, c);
    const other = await franchisor(world.server);
    const otherChat = await startChat(world.server, other, c);

    expect((await send(f.token, chatId, 'First')).status).toBe(201);
    const [bell] = await notificationsOf(c.id);
    expect(bell).toMatchObject({
      actorId: f.id,
      link: `/chats/${chatId}`,
      message: 'Fran franchisor sent you a message.',
      isRead: false,
    });
    // The new row is pushed to the user room too, in case a socket opens meanwhile.
    expect(realtime.pushes).toContainEqual({
      rooms: [`user-${c.id}`],
      message: expect.objectContaining({
        type: 'notification',
        notification: expect.objectContaining({ id: bell?.id, link: `/chats/${chatId}` }),
      }),
    });
    const [mail] = await mailsTo(c.email);
    expect(mail?.subject).toContain('New message from Fran franchisor');
    expect(mail?.text).toContain('First');
    expect(mail?.text).toContain(`${world.server.url}/chats/${chatId}`);

    tick(30 * MINUTE);
    await send(f.token, chatId, 'Second');
    // Another chat has its own hour.
    await send(other.token, otherChat, 'Hello from another brand');
    expect(await notificationsOf(c.id)).toHaveLength(3);
    expect(await mailsTo(c.email)).toHaveLength(2);

    tick(CHAT_EMAIL_INTERVAL_MS - 30 * MINUTE - 1);
    await send(f.token, chatId, 'Third');
    expect(await mailsTo(c.email)).toHaveLength(2);
    tick(1);
    await send(f.token, chatId, 'Fourth');
    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(3);
    expect(mails.map((m) => m.text).filter((t) => t.includes('Fourth'))).toHaveLength(1);
    // The sender hears nothing about their own messages.
    expect(await notificationsOf(f.id)).toEqual([]);
    expect(await mailsTo(f.email)).toEqual([]);
  });

  it('sends one e-mail when several messages arrive at once', async () => {
    const f = await franchisor(world.server);
    const c = await consultant(world.server);
    const chatId = await startChat(world.server, f, c);
    await Promise.all(['a', 'b', 'c', 'd'].map((t) => send(f.token, chatId, t)));
    expect(await notificationsOf(c.id)).toHaveLength(4);
    expect(await mailsTo(c.email)).toHaveLength(1);
  });

  it('leaves markup as plain text in the bell and the e-mail', async () => {
    const f = await franchisor(world.server);
    const c = await consultant(world.server);
    const chatId = await startChat(world.server, f, c);
    const text = '<img src=x onerror="alert(1)"> & <b>bold</b>';
    await send(f.token, chatId, text);
    const [mail] = await mailsTo(c.email);
    expect(mail?.html).toBeNull();
    expect(mail?.text).toContain(text);
    expect(mail?.text).not.toContain('&lt;');
  });
});

describe('a message to someone who is online', () => {
  it('is delivered live only: no bell notification, no e-mail', async () => {
    const f = await franchisor(world.server);
    const c = await consultant(world.server);
    const chatId = await startChat(world.server, f, c);
    realtime.online.add(c.id);
    realtime.pushes.length = 0;
    await send(f.token, chatId, 'Live');
    expect(await notificationsOf(c.id)).toEqual([]);
    expect(await mailsTo(c.email)).toEqual([]);
    expect(realtime.pushes.map((p) => p.message.type)).toEqual(['receiveMessage']);
  });
});
