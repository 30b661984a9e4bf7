import { startTestServer, type TestServer } from '@fm/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.ts';
import { memoryTokenStore } from './token-store.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A signed-up user with an SDK client of their own. */
async function person(role: 'franchisor' | 'consultant') {
  const account = await server.signUp(role);
  if (role === 'franchisor') {
    // Messaging needs an active subscription (rule 11): subscribe with a test card.
    const card = await server.fetch('/api/users/payment-method', {
      method: 'POST',
      token: account.token,
      body: JSON.stringify({ paymentMethodId: 'pm_card_visa' }),
    });
    if (!card.ok) throw new Error(`card: ${card.status} ${await card.text()}`);
    const subscribed = await server.fetch('/api/users/subscribe', {
      method: 'POST',
      token: account.token,
      body: JSON.stringify({}),
    });
    if (!subscribed.ok)
      throw new Error(`subscribe: ${subscribed.status} ${await subscribed.text()}`);
  }
  const api = createClient({ baseUrl: `${server.url}/api`, tokenStore: memoryTokenStore(account) });
  return { id: account.user.id, api };
}

const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

describe('two users chat through the SDK against the real server', () => {
  it('starts a chat, sends text and a picture, pages, reads and clears the unread count', async () => {
    const franchisor = await person('franchisor');
    const consultant = await person('consultant');

    const chat = await franchisor.api.messages.create({ participants: [consultant.id] });
    expect(chat.participant.id).toBe(consultant.id);
    // The other side opening it gets the same chat.
    await expect(
      consultant.api.messages.create({ participants: [franchisor.id] }),
    ).resolves.toMatchObject({ id: chat.id });

    const progress: number[] = [];
    const picture = await franchisor.api.messages.upload(
      new Blob([PNG as Uint8Array<ArrayBuffer>], { type: 'image/png' }),
      { name: 'pool.png', onProgress: ({ loaded, total }) => progress.push(loaded / total) },
    );
    expect(picture).toMatchObject({ kind: 'image', name: 'pool.png', mime: 'image/png' });
    // Without XMLHttpRequest (Node) progress is reported once, complete.
    expect(progress).toEqual([1]);

    const first = await franchisor.api.messages.send(chat.id, {
      text: 'Here is our <b>pool</b>',
      attachmentIds: [picture.id],
    });
    expect(first).toMatchObject({ text: 'Here is our <b>pool</b>', attachments: [picture] });
    for (const text of ['two', 'three']) await franchisor.api.messages.send(chat.id, { text });

    await expect(consultant.api.messages.unreadCount()).resolves.toEqual({ unreadCount: 3 });
    const list = await consultant.api.messages.list();
    expect(list).toMatchObject({ total: 1, data: [{ id: chat.id, unreadCount: 3 }] });
    expect(list.data[0]?.lastMessage?.text).toBe('three');

    const latest = await consultant.api.messages.get(chat.id, { limit: 2 });
    expect(latest.messages.map((m) => m.text)).toEqual(['two', 'three']);
    expect(latest.nextCursor).not.toBeNull();
    const earlier = await consultant.api.messages.get(chat.id, {
      limit: 2,
      before: latest.nextCursor ?? '',
    });
    expect(earlier.messages.map((m) => m.text)).toEqual(['Here is our <b>pool</b>']);
    expect(earlier.nextCursor).toBeNull();

    // The consultant downloads the picture; an outsider cannot.
    const blob = await consultant.api.messages.fetchAttachment(picture);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(PNG);
    const outsider = await person('consultant');
    await expect(outsider.api.messages.fetchAttachment(picture.id)).rejects.toMatchObject({
      status: 404,
      message: expect.stringMatching(/^Error fetching attachment: /),
    });
    await expect(outsider.api.messages.get(chat.id)).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: expect.stringMatching(/^Error fetching chat: /),
    });

    await expect(consultant.api.messages.markRead(chat.id)).resolves.toEqual({ unreadCount: 0 });
    await expect(consultant.api.messages.unreadCount()).resolves.toEqual({ unreadCount: 0 });
    const seen = await franchisor.api.messages.get(chat.id);
    expect(seen.chat.participantLastReadAt).not.toBeNull();

    const reply = await consultant.api.messages.send(chat.id, { text: 'Lovely!' });
    await expect(franchisor.api.messages.unreadCount()).resolves.toEqual({ unreadCount: 1 });
    expect((await franchisor.api.messages.get(chat.id)).messages.at(-1)).toEqual(reply);
  });

  it('checks input before sending and names the operation in errors', async () => {
    const consultant = await person('consultant');
    await expect(consultant.api.messages.send('x', { text: '  ' })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Error sending message: Write a message or attach a file',
    });
    await expect(consultant.api.messages.create({ participants: [] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Error creating chat: /),
    });
    await expect(
      consultant.api.messages.upload(new Blob(['just text']), { name: 'photo.png' }),
    ).rejects.toMatchObject({
      status: 415,
      message: expect.stringMatching(/^Error uploading attachment: /),
    });
    await expect(consultant.api.messages.markRead('nope')).rejects.toMatchObject({
      status: 404,
      message: expect.stringMatching(/^Error marking chat as read: /),
    });
  });
});
